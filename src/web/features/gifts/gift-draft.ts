// The gift being put together (spec §2: the gift box product route skips the recipe-kit basket): which box,
// how many, and for whom, kept in local storage for a day so that signing in (a provider's page, an emailed
// link opened in another tab) finds it again. Only what the customer typed; prices come from the server.

export const GIFT_DRAFT_KEY = 'sfoglia:gift-draft';
export const GIFT_DRAFT_TTL_MS = 24 * 60 * 60 * 1000;

export interface GiftDraft {
  /** The gift box's storefront handle. */
  handle: string;
  /** The chosen size: the storefront variant id. */
  variantId: string;
  quantity: number;
  recipientName: string;
  recipientEmail: string;
  message: string;
}

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.length <= max ? value : null;

/** The draft for this gift box, if one was saved in the last day and still reads as a draft. */
export function readGiftDraft(handle: string, now = Date.now()): GiftDraft | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(GIFT_DRAFT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Record<string, unknown>;
    if (typeof stored.savedAt !== 'number' || now - stored.savedAt > GIFT_DRAFT_TTL_MS) return null;
    if (stored.handle !== handle) return null;
    const variantId = text(stored.variantId, 200);
    const quantity = stored.quantity;
    const recipientName = text(stored.recipientName, 100);
    const recipientEmail = text(stored.recipientEmail, 254);
    const message = text(stored.message, 1000);
    if (
      !variantId ||
      typeof quantity !== 'number' ||
      !Number.isInteger(quantity) ||
      quantity < 1 ||
      recipientName === null ||
      recipientEmail === null ||
      message === null
    ) {
      return null;
    }
    return { handle, variantId, quantity, recipientName, recipientEmail, message };
  } catch {
    return null;
  }
}

export function saveGiftDraft(draft: GiftDraft, now = Date.now()): void {
  try {
    localStorage.setItem(GIFT_DRAFT_KEY, JSON.stringify({ ...draft, savedAt: now }));
  } catch {
    // Storage full or blocked: the gift page still works, it just forgets on reload.
  }
}

export function forgetGiftDraft(): void {
  try {
    localStorage.removeItem(GIFT_DRAFT_KEY);
  } catch {
    // Nothing to forget.
  }
}
