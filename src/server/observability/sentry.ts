import * as Sentry from '@sentry/node';
import type { ErrorReporter } from './error-reporting';
import { scrubEvent } from './scrub';

// The Sentry adapter of the error-reporting port (observability/error-reporting.ts), imported only when
// SENTRY_DSN is set. No personal data: sendDefaultPii off, and every event scrubbed before it leaves
// (./scrub.ts). No tracing: errors only.

let initialised = false;

export function sentryReporter({ dsn, environment }: { dsn: string; environment: string }): ErrorReporter {
  if (!initialised) {
    Sentry.init({
      dsn,
      environment,
      // No personal data collected (Sentry 11's dataCollection; sendDefaultPii in earlier versions): no user,
      // cookies, headers, bodies, query strings, local variables, query values or job arguments.
      dataCollection: {
        userInfo: false,
        cookies: false,
        httpHeaders: false,
        httpBodies: [],
        urlQueryParams: false,
        graphQL: { document: false, variables: false },
        genAI: { inputs: false, outputs: false },
        mcp: { inputs: false, outputs: false },
        databaseQueryData: false,
        queues: false,
        stackFrameVariables: false,
      },
      beforeSend: (event) => scrubEvent(event),
      // No transactions or breadcrumbs are kept: they would carry addresses and log lines.
      maxBreadcrumbs: 0,
    });
    initialised = true;
  }
  return {
    enabled: true,
    report(error, context) {
      Sentry.withScope((scope) => {
        if (context.requestId) scope.setTag('request_id', context.requestId);
        if (context.method) scope.setTag('method', context.method);
        if (context.route) scope.setTag('route', context.route);
        if (context.job) scope.setTag('job', context.job);
        if (context.jobId) scope.setTag('job_id', context.jobId);
        Sentry.captureException(error);
      });
    },
    async flush(timeoutMs) {
      await Sentry.flush(timeoutMs);
    },
  };
}
