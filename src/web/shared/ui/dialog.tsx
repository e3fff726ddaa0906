import { useEffect, useId, useRef, type ReactNode } from 'react';
import { analytics } from '../analytics';

// An accessible modal on the native <dialog> (focus trap, Escape, inert background for free). On phones
// (spec §9: up to 700 px wide) the back button closes it instead of leaving the page.

export const MOBILE_BACK_CLOSES_MAX_WIDTH = 700;

export function useBackButtonCloses(open: boolean, onClose: () => void) {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    if (!open || window.innerWidth > MOBILE_BACK_CLOSES_MAX_WIDTH) return;
    const marker = `modal-${Math.random().toString(36).slice(2)}`;
    window.history.pushState({ ...(window.history.state as object), sfogliaModal: marker }, '');
    let poppedByBack = false;
    const onPop = () => {
      poppedByBack = true;
      onCloseRef.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      // Closed another way: take our history entry back off.
      const current = window.history.state as { sfogliaModal?: string } | null;
      if (!poppedByBack && current?.sfogliaModal === marker) window.history.back();
    };
  }, [open]);
}

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Analytics name for the modal_shown event. */
  name: string;
  children: ReactNode;
  className?: string;
  hideTitle?: boolean;
}

export function Dialog({ open, onClose, title, name, children, className, hideTitle }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useBackButtonCloses(open, onClose);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      analytics.modalShown(name);
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, name]);

  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="dialog__content">
          <div className="dialog__header">
            <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'dialog__title'}>
              {title}
            </h2>
            <button type="button" className="icon-button dialog__close" onClick={onClose} aria-label="Close">
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
