import { beforeEach, describe, expect, test } from 'vitest';
import {
  forgetGiftDraft,
  GIFT_DRAFT_KEY,
  GIFT_DRAFT_TTL_MS,
  readGiftDraft,
  saveGiftDraft,
} from './gift-draft';

// The gift draft: kept a day in local storage, per gift box, and nothing that does not read as a draft.

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
});

const draft = {
  handle: 'date-night-gift-box',
  variantId: 'gid://shopify/ProductVariant/10512',
  quantity: 2,
  recipientName: 'Sam Rossi',
  recipientEmail: '',
  message: 'Happy anniversary!\nLove, A',
};

describe('gift draft', () => {
  test('what was saved is read back for the same box, for a day', () => {
    saveGiftDraft(draft, 1_000);
    expect(readGiftDraft(draft.handle, 1_000 + GIFT_DRAFT_TTL_MS)).toEqual(draft);
    expect(readGiftDraft(draft.handle, 1_000 + GIFT_DRAFT_TTL_MS + 1)).toBeNull();
    expect(readGiftDraft('the-sfoglia-gift-box', 1_000)).toBeNull();
  });

  test('forgotten after the gift is paid', () => {
    saveGiftDraft(draft);
    forgetGiftDraft();
    expect(readGiftDraft(draft.handle)).toBeNull();
  });

  test.each([
    ['not JSON', '{'],
    ['no date', JSON.stringify({ ...draft })],
    ['a quantity of 0', JSON.stringify({ ...draft, quantity: 0, savedAt: Date.now() })],
    ['a quantity that is text', JSON.stringify({ ...draft, quantity: '2', savedAt: Date.now() })],
    ['no variant', JSON.stringify({ ...draft, variantId: '', savedAt: Date.now() })],
    ['a name too long', JSON.stringify({ ...draft, recipientName: 'x'.repeat(101), savedAt: Date.now() })],
    ['a message that is not text', JSON.stringify({ ...draft, message: 42, savedAt: Date.now() })],
  ])('%s is no draft', (_, raw) => {
    localStorage.setItem(GIFT_DRAFT_KEY, raw);
    expect(readGiftDraft(draft.handle)).toBeNull();
  });

  test('blocked storage is no draft and saving does not throw', () => {
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readGiftDraft(draft.handle)).toBeNull();
    expect(() => saveGiftDraft(draft)).not.toThrow();
    expect(() => forgetGiftDraft()).not.toThrow();
  });
});
