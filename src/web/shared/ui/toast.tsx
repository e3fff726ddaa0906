import { useSyncExternalStore } from 'react';
import { CloseIcon } from './icons';

// Flash messages (spec §9: they time out after 3000 ms by default). Errors are announced assertively.

export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'error';
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const FLASH_TIMEOUT_MS = 3000;

export function showToast(message: string, tone: Toast['tone'] = 'info', timeoutMs = FLASH_TIMEOUT_MS): void {
  const toast = { id: nextId++, message, tone };
  toasts = [...toasts.filter((t) => t.message !== message), toast].slice(-3);
  emit();
  setTimeout(() => dismissToast(toast.id), timeoutMs);
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster() {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <div className="toaster">
      <div role="status" aria-live="polite" className="toaster__region">
        {current
          .filter((t) => t.tone === 'info')
          .map((t) => (
            <ToastItem key={t.id} toast={t} />
          ))}
      </div>
      <div role="alert" aria-live="assertive" className="toaster__region">
        {current
          .filter((t) => t.tone === 'error')
          .map((t) => (
            <ToastItem key={t.id} toast={t} />
          ))}
      </div>
    </div>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  return (
    <div className={`toast toast--${toast.tone}`}>
      <span>{toast.message}</span>
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss"
        onClick={() => dismissToast(toast.id)}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
