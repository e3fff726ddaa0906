import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from '../router';
import { analytics } from '../analytics';
import { CloseIcon } from './icons';
import {
  closeModalEntry,
  hasModalEntry,
  leaveModalsByNavigation,
  MOBILE_BACK_CLOSES_MAX_WIDTH,
  openModalEntry,
} from './modal-history';

// An accessible modal on the native <dialog> (focus trap, Escape, inert background for free). On phones
// (spec §9: up to 700 px wide) the back button closes it instead of leaving the page (modal-history.ts).

export function useBackButtonCloses(open: boolean, onClose: () => void) {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    if (!open || window.innerWidth > MOBILE_BACK_CLOSES_MAX_WIDTH) return;
    const id = openModalEntry(() => onCloseRef.current());
    return () => closeModalEntry(id);
  }, [open]);
}

/**
 * A link followed from inside a modal that has a history entry (phones): the modal closes and the new page
 * replaces the entry, so back returns to the page under the modal. Plain left clicks only: a new tab or
 * window is the browser's business. A link to the page already shown just closes the modal.
 */
function useFollowLinksOut(onClose: () => void) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLDialogElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const anchor = (event.target as Element).closest('a[href]');
    if (!(anchor instanceof HTMLAnchorElement)) return;
    if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    if (!hasModalEntry()) return;
    const url = new URL(anchor.href);
    // mailto:, tel: and the like open another program: the page stays, and so does the modal.
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    const here = window.location;
    // Stops the link's own navigation (React Router's Link, or the browser's), which would push.
    event.preventDefault();
    if (
      url.origin === here.origin &&
      url.pathname + url.search + url.hash === here.pathname + here.search + here.hash
    ) {
      onClose();
      return;
    }
    leaveModalsByNavigation();
    onClose();
    if (url.origin !== here.origin) window.location.replace(url.href);
    else void navigate(`${url.pathname}${url.search}${url.hash}`, { replace: true });
  };
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
  const followLinkOut = useFollowLinksOut(onClose);

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
      onClickCapture={followLinkOut}
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
              <CloseIcon />
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
