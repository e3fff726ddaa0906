import {
  captureException,
  dedupeIntegration,
  globalHandlersIntegration,
  init,
  linkedErrorsIntegration,
  withScope,
  type ErrorEvent as SentryEvent,
} from '@sentry/react';

// Sentry in the browser (loaded lazily by error-reporting.ts, only with a DSN): the window's errors and
// unhandled rejections, and what the React root reports. Only the integrations that catch errors (no
// breadcrumbs, no request details, no tracing or replay), and nothing personal: every event is scrubbed.

let started = false;

/**
 * Starts Sentry once per page, then sends what happened before it loaded (`early`, kept by `keep`, which
 * stops listening now: Sentry's own handlers see the window's errors from here).
 */
export function startSentry(dsn: string, early: Event[] = [], keep?: (event: Event) => void): void {
  if (keep) {
    removeEventListener('error', keep);
    removeEventListener('unhandledrejection', keep);
  }
  if (!started) {
    started = true;
    const requestId = document.querySelector<HTMLMetaElement>('meta[name="sfoglia-request-id"]')?.content;
    init({
      dsn,
      defaultIntegrations: false,
      integrations: [globalHandlersIntegration(), linkedErrorsIntegration(), dedupeIntegration()],
      dataCollection: {
        userInfo: false,
        cookies: false,
        httpHeaders: false,
        httpBodies: [],
        urlQueryParams: false,
        stackFrameVariables: false,
      },
      maxBreadcrumbs: 0,
      beforeSend: (event) => scrubBrowserEvent(event),
      // The page's request id: the server's log lines for the page that failed.
      ...(requestId ? { initialScope: { tags: { request_id: requestId } } } : {}),
    });
  }
  for (const event of early.splice(0)) {
    captureException(
      'reason' in event
        ? (event as PromiseRejectionEvent).reason
        : ((event as ErrorEvent).error ?? (event as ErrorEvent).message),
    );
  }
}

/** An error the React root reports (an error boundary caught it): Sentry started first if need be. */
export function reportError(dsn: string, error: unknown, componentStack?: string): void {
  startSentry(dsn);
  withScope((scope) => {
    if (componentStack) scope.setContext('react', { componentStack });
    captureException(error);
  });
}

const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[^\s@<>"'(),;:]+/g;
const mask = (text: string | undefined) => text?.replace(EMAIL, '[email]');

/** Keeps where the fault is (the exception, the page's path); drops the user, the query, headers, crumbs. */
export function scrubBrowserEvent<T extends SentryEvent>(event: T): T {
  delete event.user;
  delete event.breadcrumbs;
  if (event.request) {
    const url = event.request.url;
    event.request = url ? { url: url.replace(/[?#].*$/, '') } : {};
  }
  if (event.message !== undefined) event.message = mask(event.message);
  for (const value of event.exception?.values ?? []) value.value = mask(value.value);
  return event;
}
