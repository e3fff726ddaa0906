import { useSyncExternalStore } from 'react';

// Client-only UI state shared across the shell and features (architecture decision 10: small stores).
export interface UiState {
  howItWorksOpen: boolean;
  mobileMenuOpen: boolean;
  basketOpen: boolean;
}

let state: UiState = { howItWorksOpen: false, mobileMenuOpen: false, basketOpen: false };
const listeners = new Set<() => void>();

export function setUi(patch: Partial<UiState>): void {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

export function useUi<T>(select: (s: UiState) => T): T {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => select(state),
    () => select(state),
  );
}
