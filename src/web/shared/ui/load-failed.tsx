import type { ReactNode } from 'react';

/**
 * Something could not be loaded (or worked out): what, and "Try again"; `children` are other ways on
 * (another address, change the delivery), beside it or, without `onRetry`, instead of it.
 */
export function LoadFailed({
  message,
  onRetry,
  children,
}: {
  message: ReactNode;
  onRetry?: () => unknown;
  children?: ReactNode;
}) {
  const retry = onRetry ? (
    <button type="button" className="button button--secondary button--small" onClick={() => void onRetry()}>
      Try again
    </button>
  ) : null;
  return (
    <div className="notice notice--error" role="alert">
      <p>{message}</p>
      {retry && children ? (
        <div className="button-row">
          {retry}
          {children}
        </div>
      ) : (
        (retry ?? children)
      )}
    </div>
  );
}
