import { analytics } from '../../shared/analytics';

// After any sign-in (a password, an emailed link or sign-up confirmation, Google, Facebook, Apple, a reset),
// the browser's fingerprint is registered once per customer, in the background: the customer never waits
// for it, and a failure is only reported (spec §8 "Couldn't register fingerprint").

export const FINGERPRINT_FAILED = "Couldn't register fingerprint";

const registered = new Set<string>();

export function registerFingerprintInBackground(customerId: string): void {
  if (registered.has(customerId)) return;
  registered.add(customerId);
  import('./device-fingerprint')
    .then((m) => m.registerFingerprint())
    .catch((error: unknown) => {
      registered.delete(customerId);
      analytics.errorReported(FINGERPRINT_FAILED, { cause: String(error) });
    });
}
