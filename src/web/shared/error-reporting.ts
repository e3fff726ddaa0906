import { whenIdle } from './when-idle';

// The browser's errors to Sentry (issue 25 part 6), only when the page names a DSN (SENTRY_BROWSER_DSN, a
// meta tag the server writes: http/web-app.ts). Sentry's SDK is a chunk of its own, loaded once the page is
// idle, so it never weighs on a page's first load; errors before then are kept (a few) and sent after it.
// Without a DSN nothing listens and nothing loads. Nothing personal is sent (error-reporting-sentry.ts).
// This part is on every public page's first load, so it is kept to a few lines; the rest is in the chunk.

const sentry = () => import('./error-reporting-sentry');

/**
 * Starts listening for the page's errors (once per page: the first-load entry and the app's both call it),
 * and answers the React root's options: with a DSN, an error an error boundary caught (a screen that failed
 * to render) is reported too, and still logged as React logs it; uncaught ones reach the window's handlers.
 * Without a DSN: nothing, and React's own behaviour untouched.
 */
export function startErrorReporting(): {
  onCaughtError?: (error: unknown, info: { componentStack?: string }) => void;
} {
  const tag = document.querySelector<HTMLMetaElement>('meta[name="sfoglia-error-reports"]');
  const dsn = tag?.content;
  if (!tag || !dsn) return {};
  if (!tag.dataset.started) {
    tag.dataset.started = '1';
    const early: Event[] = [];
    const keep = (event: Event) => void (early.length < 10 && early.push(event));
    addEventListener('error', keep);
    addEventListener('unhandledrejection', keep);
    whenIdle(
      () =>
        void sentry().then(
          (module) => module.startSentry(dsn, early, keep),
          () => {},
        ),
      5000,
    );
  }
  return {
    onCaughtError(error, info) {
      // eslint-disable-next-line no-console -- React's own default for a caught error, kept
      console.error(error);
      void sentry().then(
        (module) => module.reportError(dsn, error, info.componentStack),
        () => {},
      );
    },
  };
}
