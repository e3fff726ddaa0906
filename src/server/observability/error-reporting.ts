import type { Config } from '../config';

// Where the server's errors go (issue 25 part 6): a 500 (http/error-handler.ts) and a failed job
// (jobs/queue.ts), with the request id or the job and nothing personal. With SENTRY_DSN set, to Sentry
// (observability/sentry.ts, loaded only then); without it, nowhere: Sentry is never loaded or initialised.

/** What an error is reported with: the request's id and route, or the job's queue and id. Nothing personal. */
export interface ErrorContext {
  requestId?: string;
  method?: string;
  route?: string;
  job?: string;
  jobId?: string;
}

export interface ErrorReporter {
  /** Whether reports go anywhere. */
  readonly enabled: boolean;
  report(error: unknown, context: ErrorContext): void;
  /** Sends what is waiting (at shutdown), for at most `timeoutMs`. */
  flush(timeoutMs: number): Promise<void>;
}

export const noErrorReporter: ErrorReporter = {
  enabled: false,
  report() {},
  flush: async () => {},
};

/** The reporter for SENTRY_DSN: Sentry's, initialised once in this process; with no DSN, none. */
export async function startErrorReporting(
  config: Pick<Config, 'env' | 'observability'>,
): Promise<ErrorReporter> {
  const dsn = config.observability.sentryDsn;
  if (!dsn) return noErrorReporter;
  const { sentryReporter } = await import('./sentry');
  return sentryReporter({ dsn, environment: config.env });
}

// Jobs run outside any request and any app (jobs/start.ts builds them beside the app), so a failed job is
// reported through the process's reporter: the one the app was built with (app.ts sets it).
let processReporter: ErrorReporter = noErrorReporter;

export function useProcessErrorReporter(reporter: ErrorReporter): void {
  processReporter = reporter;
}

/** Reports a failed job through the process's reporter. */
export function reportJobFailure(error: unknown, job: string, jobId: string): void {
  processReporter.report(error, { job, jobId });
}
