/**
 * Runs `run` once the browser is idle (after the page's own work: hydrating, its first reads), or after
 * `timeout` ms at the latest; Safari has no `requestIdleCallback` and waits the timeout. Returns a cancel.
 */
export function whenIdle(run: () => void, timeout = 1500): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, timeout);
  return () => window.clearTimeout(id);
}
