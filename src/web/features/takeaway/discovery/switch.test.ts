import { describe, expect, test } from 'vitest';
import type { Restaurant } from '../../../../contracts/restaurants';
import { mergeNearby, searchedTypes, type NearbyRestaurant } from './nearby';
import type { ChosenAddress } from './suggestions';
import {
  decideTakeawaySwitch,
  restaurantForSwitch,
  switchAddress,
  switchFailure,
  SWITCH_FAILURES,
  type SavedAddress,
} from './switch';

// Spec §4 Other flows, the Takeaway switch; §5 its two errors. And the restaurant list it and the search share.

const searched: ChosenAddress = {
  label: '10 Downing Street, London SW1A 2AA',
  address1: '10 Downing Street',
  address2: null,
  city: 'London',
  zip: 'SW1A 2AA',
  lat: 51.5034,
  lon: -0.1276,
};

const saved = (id: string, extra: Partial<SavedAddress> = {}): SavedAddress => ({
  id,
  address1: `${id} Dean Street`,
  address2: null,
  city: 'London',
  zip: 'W1D 3GN',
  lat: null,
  lon: null,
  isDefault: false,
  ...extra,
});

const restaurant = (id: string, distanceMiles: number | null): Restaurant =>
  ({ id, name: `Sfoglia ${id}`, distanceMiles }) as Restaurant;

describe('the Takeaway switch', () => {
  test('which address: the last searched, else the checkout’s chosen, else the default, else any usable', () => {
    const list = [saved('1'), saved('2', { isDefault: true }), saved('3')];
    expect(switchAddress(searched, list, '3')).toBe(searched);
    expect(switchAddress(null, list, '3')?.address1).toBe('3 Dean Street');
    expect(switchAddress(null, list, 'gone')?.address1).toBe('2 Dean Street');
    expect(switchAddress(null, [saved('1', { zip: null }), saved('4')], null)?.address1).toBe(
      '4 Dean Street',
    );
    expect(switchAddress(null, [saved('1', { address1: ' ' })], null)).toBeNull();
    expect(switchAddress(null, [], null)).toBeNull();
    expect(switchAddress(null, [saved('5', { address2: 'Flat 2' })], null)?.label).toBe(
      '5 Dean Street, Flat 2, London W1D 3GN',
    );
  });

  test('no address: the address search', () => {
    expect(decideTakeawaySwitch(null, { restaurantId: 'soho', address: { zip: 'SW1A 2AA' } })).toEqual({
      kind: 'search',
    });
  });

  test('the basket is for this postcode and has a restaurant: straight to takeaway', () => {
    expect(decideTakeawaySwitch(searched, { restaurantId: 'soho', address: { zip: 'sw1a2aa' } })).toEqual({
      kind: 'takeaway',
    });
  });

  test('otherwise: look the address up and recreate the basket', () => {
    const lookup = { kind: 'lookup', address: searched };
    expect(decideTakeawaySwitch(searched, null)).toEqual(lookup);
    expect(decideTakeawaySwitch(searched, { restaurantId: null, address: { zip: 'SW1A 2AA' } })).toEqual(
      lookup,
    );
    expect(decideTakeawaySwitch(searched, { restaurantId: 'soho', address: { zip: 'W1D 3GN' } })).toEqual(
      lookup,
    );
    expect(decideTakeawaySwitch(searched, { restaurantId: 'soho', address: null })).toEqual(lookup);
  });

  test('the recreated basket: the nearest that delivers, else the nearest to collect from, else none', () => {
    const entry = (id: string, types: NearbyRestaurant['fulfillmentTypes']): NearbyRestaurant => ({
      restaurant: restaurant(id, 1),
      distanceMiles: 1,
      fulfillmentTypes: types,
    });
    expect(restaurantForSwitch([entry('a', ['pickup']), entry('b', ['delivery', 'pickup'])])).toEqual({
      restaurantId: 'b',
      fulfillmentType: 'delivery',
    });
    expect(restaurantForSwitch([entry('a', ['eat_in']), entry('b', ['pickup'])])).toEqual({
      restaurantId: 'b',
      fulfillmentType: 'pickup',
    });
    expect(restaurantForSwitch([entry('a', ['eat_in'])])).toBeNull();
    expect(restaurantForSwitch([])).toBeNull();
  });

  test('its failures, as the address search is told them, are the spec’s words', () => {
    expect(SWITCH_FAILURES[switchFailure('no-coordinates')!]).toBe('Could not get coordinates from address');
    expect(SWITCH_FAILURES[switchFailure('no-restaurants')!]).toBe('No restaurants available');
    expect(switchFailure('failed')).toBe('failed');
    expect(switchFailure('toString')).toBeNull();
    expect(switchFailure(null)).toBeNull();
  });
});

describe('the restaurants near an address', () => {
  test('catering is delivered or collected, never eaten in', () => {
    expect(searchedTypes(true)).toEqual(['delivery', 'pickup']);
    expect(searchedTypes(false)).toEqual(['delivery', 'pickup', 'eat_in']);
  });

  test('one list from each type’s answer: each restaurant once, nearest first, with its ways in order', () => {
    const merged = mergeNearby([
      { type: 'eat_in', restaurants: [restaurant('soho', 0.5), restaurant('borough', 1.5)] },
      { type: 'delivery', restaurants: [restaurant('soho', 0.5)] },
      {
        type: 'pickup',
        restaurants: [restaurant('borough', 1.5), restaurant('soho', 0.5), restaurant('clapham', 2.9)],
      },
    ]);
    expect(merged.map((e) => [e.restaurant.id, e.distanceMiles, e.fulfillmentTypes])).toEqual([
      ['soho', 0.5, ['delivery', 'pickup', 'eat_in']],
      ['borough', 1.5, ['pickup', 'eat_in']],
      ['clapham', 2.9, ['pickup']],
    ]);
    expect(mergeNearby([{ type: 'delivery', restaurants: [] }])).toEqual([]);
  });

  test('same distance: by name; unknown distance last', () => {
    const merged = mergeNearby([
      { type: 'pickup', restaurants: [restaurant('z', null), restaurant('b', 1), restaurant('a', 1)] },
    ]);
    expect(merged.map((e) => e.restaurant.id)).toEqual(['a', 'b', 'z']);
  });
});
