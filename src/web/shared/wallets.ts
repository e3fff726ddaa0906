import { useSyncExternalStore } from 'react';

// Which wallets this browser can pay with (decision 20). Only the live card step can tell, by asking Stripe's
// Payment Request API; it writes here, and the checkout bar shows a wallet's logo only once it is known to be
// available. Nothing writes here in the sandbox, so no wallet logo is ever shown there.

export type Wallet = 'google_pay' | 'apple_pay';

const NONE: readonly Wallet[] = [];
let available: readonly Wallet[] = NONE;
const listeners = new Set<() => void>();

export function setAvailableWallets(wallets: readonly Wallet[]): void {
  if (wallets.length === available.length && wallets.every((w) => available.includes(w))) return;
  available = wallets.length === 0 ? NONE : [...wallets];
  listeners.forEach((listener) => listener());
}

export function useAvailableWallets(): readonly Wallet[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => available,
    () => NONE,
  );
}
