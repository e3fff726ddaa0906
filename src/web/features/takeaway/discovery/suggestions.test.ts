import { beforeEach, describe, expect, test } from 'vitest';
import {
  currentAddress,
  forgetSuggestions,
  MAX_PREVIOUS_SUGGESTIONS,
  matchingSuggestions,
  parseSuggestions,
  PREVIOUS_SUGGESTIONS_KEY,
  readSuggestions,
  rememberSuggestion,
  sameAddress,
  samePostcode,
  withSuggestion,
  type ChosenAddress,
} from './suggestions';

// Spec §9 "pasta-now previous suggestions": the addresses searched from, newest first, offered again.

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

const address = (address1: string, zip = 'SW1A 2AA', extra: Partial<ChosenAddress> = {}): ChosenAddress => ({
  label: `${address1}, London ${zip}`,
  address1,
  address2: null,
  city: 'London',
  zip,
  lat: 51.5034,
  lon: -0.1276,
  ...extra,
});

describe('previous suggestions', () => {
  test('postcodes and addresses compare however they were written', () => {
    expect(samePostcode('sw1a2aa', 'SW1A 2AA')).toBe(true);
    expect(samePostcode('SW1A 2AA', 'SW1A 2AB')).toBe(false);
    expect(samePostcode(null, 'SW1A 2AA')).toBe(false);
    expect(samePostcode('', '')).toBe(false);
    expect(sameAddress(address('10 Downing Street'), address('10 downing  street', 'sw1a2aa'))).toBe(true);
    expect(sameAddress(address('10 Downing Street'), address('11 Downing Street'))).toBe(false);
  });

  test('the newest comes first, once, and the list is capped', () => {
    const ten = address('10 Downing Street');
    const eleven = address('11 Downing Street');
    expect(withSuggestion([ten, eleven], eleven)).toEqual([eleven, ten]);
    expect(withSuggestion([ten], address('10 DOWNING STREET'))).toHaveLength(1);
    const many = Array.from({ length: 9 }, (_, i) => address(`${i + 1} Whitehall`, 'SW1A 2HX'));
    const list = many.reduce<ChosenAddress[]>((acc, a) => withSuggestion(acc, a), []);
    expect(list).toHaveLength(MAX_PREVIOUS_SUGGESTIONS);
    expect(list[0]!.address1).toBe('9 Whitehall');
  });

  test('what is stored reads back; anything else is dropped', () => {
    const good = address('10 Downing Street');
    expect(parseSuggestions(JSON.stringify([good]))).toEqual([good]);
    expect(parseSuggestions(null)).toEqual([]);
    expect(parseSuggestions('not json')).toEqual([]);
    expect(parseSuggestions('{"label":"x"}')).toEqual([]);
    expect(
      parseSuggestions(
        JSON.stringify([
          { ...good, lat: 'north' },
          { ...good, lon: 500 },
          { label: 'no lines' },
          null,
          good,
          good,
        ]),
      ),
    ).toEqual([good]);
  });

  test('as the customer types, only suggestions with every word typed', () => {
    const list = [address('10 Downing Street'), address('1 Dean Street', 'W1D 3GN')];
    expect(matchingSuggestions(list, '')).toBe(list);
    expect(matchingSuggestions(list, 'down').map((a) => a.address1)).toEqual(['10 Downing Street']);
    expect(matchingSuggestions(list, 'street w1d').map((a) => a.address1)).toEqual(['1 Dean Street']);
    expect(matchingSuggestions(list, 'w1d3')).toHaveLength(1);
    expect(matchingSuggestions(list, 'baker')).toEqual([]);
  });

  test('the store: remembered in local storage, the newest is the current address, forgotten on request', () => {
    expect(currentAddress()).toBeNull();
    rememberSuggestion(address('10 Downing Street'));
    rememberSuggestion(address('1 Dean Street', 'W1D 3GN'));
    expect(readSuggestions().map((a) => a.address1)).toEqual(['1 Dean Street', '10 Downing Street']);
    expect(currentAddress()?.address1).toBe('1 Dean Street');
    expect(JSON.parse(localStorage.getItem(PREVIOUS_SUGGESTIONS_KEY)!)).toHaveLength(2);
    forgetSuggestions();
    expect(readSuggestions()).toEqual([]);
    expect(localStorage.getItem(PREVIOUS_SUGGESTIONS_KEY)).toBeNull();
  });

  test('without local storage the address still works for the visit', () => {
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
    };
    expect(readSuggestions()).toEqual([]);
    expect(() => rememberSuggestion(address('10 Downing Street'))).not.toThrow();
    expect(currentAddress()?.address1).toBe('10 Downing Street');
  });
});
