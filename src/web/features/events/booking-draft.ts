import { useSyncExternalStore } from 'react';

// The booking being put together (issue 22: /events/booking → reservation → /events-checkout): which slot,
// how many adults and children, and the add-ons chosen. Kept in local storage for a few hours so that a
// reload, or signing in through a provider's page or an emailed link opened in another tab, finds it again.
// Only what the customer chose; seats, prices and the hold come from the server.

export const BOOKING_DRAFT_KEY = 'sfoglia:event-booking';
export const BOOKING_DRAFT_TTL_MS = 6 * 60 * 60 * 1000;

export interface BookingDraft {
  slotId: string;
  templateId: string;
  adults: number;
  children: number;
  /** Add-on id → how many (none chosen: absent). */
  upgrades: Record<string, number>;
}

const count = (value: unknown, max: number): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max ? value : null;
const id = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= 80 ? value : null;

/** A stored draft, if it was saved in the last few hours and still reads as a draft. */
export function parseBookingDraft(raw: string | null, now = Date.now()): BookingDraft | null {
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Record<string, unknown>;
    if (typeof stored.savedAt !== 'number' || now - stored.savedAt > BOOKING_DRAFT_TTL_MS) return null;
    const slotId = id(stored.slotId);
    const templateId = id(stored.templateId);
    const adults = count(stored.adults, 50);
    const children = count(stored.children, 50);
    if (!slotId || !templateId || adults === null || children === null) return null;
    const upgrades: Record<string, number> = {};
    if (stored.upgrades && typeof stored.upgrades === 'object') {
      for (const [upgradeId, quantity] of Object.entries(stored.upgrades as Record<string, unknown>)) {
        const n = count(quantity, 20);
        if (id(upgradeId) && n) upgrades[upgradeId] = n;
      }
    }
    return { slotId, templateId, adults, children, upgrades };
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

function rawDraft(): string | null {
  try {
    return localStorage.getItem(BOOKING_DRAFT_KEY);
  } catch {
    return null;
  }
}

export function readBookingDraft(now = Date.now()): BookingDraft | null {
  return parseBookingDraft(rawDraft(), now);
}

export function saveBookingDraft(draft: BookingDraft, now = Date.now()): void {
  try {
    localStorage.setItem(BOOKING_DRAFT_KEY, JSON.stringify({ ...draft, savedAt: now }));
  } catch {
    // Storage full or blocked: the booking still works in this page, it just forgets on reload.
  }
  listeners.forEach((listener) => listener());
}

/** Changes the draft that is there (nothing to change: nothing happens). */
export function updateBookingDraft(change: (draft: BookingDraft) => BookingDraft): void {
  const draft = readBookingDraft();
  if (draft) saveBookingDraft(change(draft));
}

export function forgetBookingDraft(): void {
  try {
    localStorage.removeItem(BOOKING_DRAFT_KEY);
  } catch {
    // Nothing to forget.
  }
  listeners.forEach((listener) => listener());
}

// One parsed draft per stored text, so React sees the same object until the draft changes.
let cached: { raw: string | null; draft: BookingDraft | null } = { raw: null, draft: null };
function snapshot(): BookingDraft | null {
  const raw = rawDraft();
  if (raw !== cached.raw) cached = { raw, draft: parseBookingDraft(raw) };
  return cached.draft;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === BOOKING_DRAFT_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The draft as it is now, kept up to date (null on the server: the draft is the browser's). */
export function useBookingDraft(): BookingDraft | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

export const guestsOf = (draft: Pick<BookingDraft, 'adults' | 'children'>) => draft.adults + draft.children;

/** The add-ons chosen, as the booking's body lists them. */
export function upgradeChoices(draft: BookingDraft): { upgradeId: string; quantity: number }[] {
  return Object.entries(draft.upgrades)
    .filter(([, quantity]) => quantity > 0)
    .map(([upgradeId, quantity]) => ({ upgradeId, quantity }));
}
