import { beforeEach, describe, expect, test } from 'vitest';
import {
  DELIVERY_STORE_KEY,
  DELIVERY_STORE_TTL_MS,
  deliveryNoteOf,
  EMPTY_CHOICES,
  forgetDeliveryDate,
  readDeliveryChoices,
  saveDeliveryChoices,
} from './delivery-store';

// The delivery store (spec §9: kept in local storage for one week).

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

const NOW = Date.parse('2026-11-18T10:00:00Z');

describe('delivery store', () => {
  test('is empty at first', () => {
    expect(readDeliveryChoices(NOW)).toEqual(EMPTY_CHOICES);
  });

  test('keeps what was saved, merged, for a week', () => {
    saveDeliveryChoices({ addressId: 'a1', deliveryDate: '2026-11-23' }, NOW);
    saveDeliveryChoices({ deliveryNote: 'Blue door', frequency: 2 }, NOW + 1000);
    expect(readDeliveryChoices(NOW + 1000)).toEqual({
      ...EMPTY_CHOICES,
      addressId: 'a1',
      deliveryDate: '2026-11-23',
      deliveryNote: 'Blue door',
      frequency: 2,
    });
    expect(readDeliveryChoices(NOW + 1000 + DELIVERY_STORE_TTL_MS).addressId).toBe('a1');
  });

  test('forgets everything older than a week', () => {
    saveDeliveryChoices({ addressId: 'a1' }, NOW);
    expect(readDeliveryChoices(NOW + DELIVERY_STORE_TTL_MS + 1)).toEqual(EMPTY_CHOICES);
    expect(localStorage.getItem(DELIVERY_STORE_KEY)).toBeNull();
  });

  test('ignores what it cannot read', () => {
    localStorage.setItem(DELIVERY_STORE_KEY, '{not json');
    expect(readDeliveryChoices(NOW)).toEqual(EMPTY_CHOICES);
    localStorage.setItem(
      DELIVERY_STORE_KEY,
      JSON.stringify({ savedAt: NOW, addressId: 7, frequency: 9, deliveryNote: null }),
    );
    expect(readDeliveryChoices(NOW)).toEqual(EMPTY_CHOICES);
  });

  test('after an order the date and note go, the addresses stay', () => {
    saveDeliveryChoices({
      addressId: 'a1',
      billingAddressId: 'b1',
      deliveryDate: '2026-11-23',
      deliveryNote: 'x',
      courierInstruction: 'Leave with a neighbour',
    });
    forgetDeliveryDate();
    const choices = readDeliveryChoices();
    expect(choices).toMatchObject({
      addressId: 'a1',
      billingAddressId: 'b1',
      deliveryDate: null,
      deliveryNote: '',
    });
    expect(choices.courierInstruction).toBeNull();
  });

  test('the courier note is the instruction, then the customer’s words, at most 500 characters', () => {
    expect(deliveryNoteOf({ courierInstruction: null, deliveryNote: '  ' })).toBeNull();
    expect(deliveryNoteOf({ courierInstruction: 'Leave with a neighbour', deliveryNote: 'Number 12' })).toBe(
      'Leave with a neighbour. Number 12',
    );
    expect(deliveryNoteOf({ courierInstruction: null, deliveryNote: 'x'.repeat(600) })).toHaveLength(500);
  });
});
