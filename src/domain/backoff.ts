// Exponential backoff after failures in a row (OWASP's alternative to locking an account: decision 9's
// addendum). The first `free` failures cost nothing; then each further attempt waits `baseMs`, twice as long
// after each failure, up to `maxMs`. Failures are forgotten after `forgetAfterMs` without one.

export interface Backoff {
  free: number;
  baseMs: number;
  maxMs: number;
  forgetAfterMs: number;
}

/** How long the attempt after the `failures`-th failure in a row must wait (0 while they are free). */
export function backoffDelayMs(policy: Backoff, failures: number): number {
  if (failures <= policy.free) return 0;
  return Math.min(policy.maxMs, policy.baseMs * 2 ** (failures - policy.free - 1));
}
