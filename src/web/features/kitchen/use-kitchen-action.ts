import { useCallback, useRef, useState } from 'react';
import { isApiError, isShopFailure, NetworkError } from '../../shared/api/client';

// One button's call on the kitchen screen: at most one at a time (a double tap, or a second button while
// the first is waiting, sends nothing more), which one is waiting (for its "Accepting…"), and when it fails,
// a sentence that says what happened and what to do.

/** What went wrong, said to someone at the pass with their hands full. */
export function problemText(error: unknown): string {
  if (error instanceof NetworkError) {
    return 'We couldn’t reach Sfoglia. Check this device’s Wi-Fi or signal, then try again.';
  }
  if (isApiError(error, 'UNAUTHENTICATED')) {
    return 'You have been signed out. Sign in again, then try again.';
  }
  if (isApiError(error, 'CONFLICT')) {
    return `${error.message}. The ticket now shows where it is.`;
  }
  if (isApiError(error, 'ORDER_NOT_FOUND')) {
    return 'This order is no longer on your board. Reload the page to see the board as it is.';
  }
  if (isApiError(error, 'RESTAURANT_NOT_FOUND', 'FORBIDDEN')) {
    return `${error.message}. Ask your manager to check your access, then reload the page.`;
  }
  if (isShopFailure(error)) {
    return 'Something went wrong at Sfoglia’s end. Try again in a moment.';
  }
  if (error instanceof Error) return `${error.message}.`.replace(/\.\.$/, '.');
  return 'Something went wrong. Try again.';
}

export function useKitchenAction() {
  const inFlight = useRef(false);
  const [pending, setPending] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  /** Runs `call` unless another is waiting ('busy': nothing sent); `done` gets its answer. */
  const run = useCallback(
    async <T>(
      name: string,
      call: () => Promise<T>,
      done: (value: T) => void,
    ): Promise<'done' | 'failed' | 'busy'> => {
      if (inFlight.current) return 'busy';
      inFlight.current = true;
      setPending(name);
      setProblem(null);
      try {
        done(await call());
        return 'done';
      } catch (error) {
        setProblem(problemText(error));
        return 'failed';
      } finally {
        inFlight.current = false;
        setPending(null);
      }
    },
    [],
  );
  return { pending, problem, run, setProblem };
}
