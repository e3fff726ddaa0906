// Phones (spec §9: up to 700 px wide): the back button closes the top modal instead of leaving the page.
// Each open modal owns a history entry, a copy of the page's entry that lists the modals open at it. How a
// modal closes decides what becomes of its entry:
// - the back button: the browser has taken the entry off already (popstate);
// - its own close (×, Escape, the backdrop, a button): history.back() takes the entry off, unless another
//   modal opens in the same moment ("How recipe kits work" from the menu), which takes the entry over
//   (replaceState), so the new modal is not closed by the first one's history.back();
// - a link followed from inside it: the navigation replaces the entry (Dialog navigates with replace), so
//   back from the new page returns to the page under the modal, and no history.back() undoes the
//   navigation. React Router commits a navigation only after its loaders ran: a history.back() in the
//   meantime used to cancel every link of the phone menu (issue 9, item 1).

export const MOBILE_BACK_CLOSES_MAX_WIDTH = 700;

interface OpenModal {
  id: string;
  onPopped: () => void;
  /** Its entry is in the history (not waiting for our back() to arrive first). */
  placed: boolean;
}

type EntryState = { sfogliaModals?: string[] } & Record<string, unknown>;

/** Modals with a history entry, bottom to top. */
const open: OpenModal[] = [];
/** A modal that closed in this task while its entry is on top: a modal opening now takes the entry over. */
let released: string | null = null;
/** Our history.back() is under way; a modal opening meanwhile places its entry when it has arrived. */
let backPending = false;
let waitingForBack: (() => void)[] = [];
let settledWaiters: (() => void)[] = [];
/** Modals being left by a link: the navigation replaces their entry. */
const leaving = new Set<string>();
let listening = false;

const entryState = (): EntryState => (window.history.state ?? {}) as EntryState;
const modalsInEntry = (): string[] => entryState().sfogliaModals ?? [];

function settle() {
  if (backPending || released !== null) return;
  const waiters = settledWaiters;
  settledWaiters = [];
  waiters.forEach((resolve) => resolve());
}

function listen() {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', () => {
    // Modals not listed in the entry now shown were closed by the back button (or by our own back()).
    const present = new Set(modalsInEntry());
    for (const modal of [...open].reverse()) {
      if (!modal.placed || present.has(modal.id)) continue;
      open.splice(open.indexOf(modal), 1);
      modal.onPopped();
    }
    if (backPending) {
      backPending = false;
      const waiting = waitingForBack;
      waitingForBack = [];
      waiting.forEach((place) => place());
    }
    settle();
  });
}

/** Whether the entry on top belongs to an open modal (so following a link should replace it). */
export function hasModalEntry(): boolean {
  return modalsInEntry().length > 0;
}

/** Gives an opening modal its history entry; `onPopped` runs when the back button takes it off. */
export function openModalEntry(onPopped: () => void): string {
  listen();
  const id = `modal-${Math.random().toString(36).slice(2)}`;
  const modal: OpenModal = { id, onPopped, placed: false };
  open.push(modal);
  const place = () => {
    if (!open.includes(modal)) return;
    modal.placed = true;
    const state = entryState();
    const modals = state.sfogliaModals ?? [];
    if (released !== null && modals.at(-1) === released) {
      // The modal that just closed hands its entry over: one back press will close this one.
      released = null;
      window.history.replaceState({ ...state, sfogliaModals: [...modals.slice(0, -1), id] }, '');
      settle();
    } else {
      window.history.pushState({ ...state, sfogliaModals: [...modals, id] }, '');
    }
  };
  if (backPending) waitingForBack.push(place);
  else place();
  return id;
}

/** A modal closed (any way): takes its entry off unless the back button, a link or another modal did. */
export function closeModalEntry(id: string): void {
  const index = open.findIndex((modal) => modal.id === id);
  // Already taken off by the back button.
  if (index === -1) return;
  open.splice(index, 1);
  // A link replaces the entry.
  if (leaving.delete(id)) return;
  // Not on top: a navigation has moved on from it, or it was never placed.
  if (modalsInEntry().at(-1) !== id) return;
  released = id;
  // Effects of one render run together: a modal opened in the same render takes the entry over first.
  queueMicrotask(() => {
    if (released !== id) return;
    released = null;
    if (modalsInEntry().at(-1) !== id) return settle();
    backPending = true;
    window.history.back();
  });
}

/**
 * A link is being followed from inside the modals open now: true when their entry is on top, and the caller
 * must then navigate with replace (the new page takes the entry's place; the modals close without
 * history.back()). False on wide screens, where modals have no entry.
 */
export function leaveModalsByNavigation(): boolean {
  const listed = modalsInEntry();
  if (listed.length === 0) return false;
  for (const modal of open) if (listed.includes(modal.id)) leaving.add(modal.id);
  return true;
}

/** Resolves once a closed modal's entry is off the history: navigate after it, or back() would undo it. */
export function modalHistorySettled(): Promise<void> {
  if (!backPending && released === null) return Promise.resolve();
  return new Promise((resolve) => settledWaiters.push(resolve));
}
