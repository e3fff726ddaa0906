import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { conflictingAllergens } from './allergens';
import { ORDER_STATES } from './orders';
import {
  chooseModifiers,
  DEFAULT_ETA_TEXT,
  etaText,
  isLateDelivery,
  lineSize,
  MAX_EXTRAS,
  missingForEstimate,
  modifierKey,
  takeawayStateLabel,
  takeawayTotals,
  takeawayUnitPrice,
  type MenuModifier,
  type PriceableProduct,
} from './takeaway';

// Takeaway lines with modifiers, basket totals and validity, the ETA text, labels and lateness.

const mod = (id: number, group: MenuModifier['group'], price: number, title = `m${id}`): MenuModifier => ({
  id,
  title,
  group,
  price,
  position: id,
});
const RAGU: PriceableProduct = {
  id: 2001,
  title: 'Tagliatelle al Ragù',
  price: 1250,
  modifiers: [
    mod(1, 'size', 0, 'Single'),
    mod(2, 'size', 400, 'Grande (bigger portion)'),
    mod(10, 'extra', 150, 'Extra Parmigiano'),
    mod(11, 'extra', 350, 'Burrata'),
    mod(12, 'extra', 50, 'Chilli oil'),
    mod(13, 'extra', 200, 'Nduja'),
    mod(14, 'extra', 450, 'Truffle'),
    mod(15, 'extra', 100, 'Crumb'),
    mod(30, 'removal', 0, 'No cheese'),
  ],
};

describe('modifiers', () => {
  test('the default size is the first; a chosen size replaces it; the line is priced with every modifier', () => {
    const plain = chooseModifiers(RAGU, []);
    expect(plain).toEqual({ ok: true, modifiers: [RAGU.modifiers[0]] });
    const grande = chooseModifiers(RAGU, [11, 2, 30]);
    expect(grande.ok && grande.modifiers.map((m) => m.id)).toEqual([2, 11, 30]);
    if (!grande.ok) throw new Error('refused');
    expect(takeawayUnitPrice(RAGU, grande.modifiers)).toBe(1250 + 400 + 350);
    expect(lineSize(grande.modifiers)).toBe('Grande');
    expect(lineSize(plain.ok ? plain.modifiers : [])).toBe('Single');
    expect(lineSize([])).toBeNull();
  });

  test('refuses what is not the dish’s, twice the same, two sizes, too many extras', () => {
    expect(chooseModifiers(RAGU, [99])).toMatchObject({ ok: false, modifierId: 99 });
    expect(chooseModifiers(RAGU, [10, 10])).toMatchObject({ ok: false, reason: 'Choose each option once' });
    expect(chooseModifiers(RAGU, [1, 2])).toMatchObject({
      ok: false,
      reason: 'Choose one size of Tagliatelle al Ragù',
    });
    expect(chooseModifiers(RAGU, [10, 11, 12, 13, 14, 15])).toMatchObject({
      ok: false,
      reason: `Choose up to ${MAX_EXTRAS} extras`,
    });
  });

  test('the same choices in any order are the same line', () => {
    expect(modifierKey([11, 2, 30])).toBe(modifierKey([30, 11, 2]));
    expect(modifierKey([])).toBe('');
    expect(modifierKey([2, 2, 11])).toBe('2,11');
  });

  test('price property: a line costs the dish plus each chosen modifier, whatever the order', () => {
    const ids = RAGU.modifiers.map((m) => m.id);
    fc.assert(
      fc.property(fc.shuffledSubarray(ids), fc.integer({ min: 1, max: 20 }), (chosen, quantity) => {
        const result = chooseModifiers(RAGU, chosen);
        const sizes = chosen.filter((id) => RAGU.modifiers.find((m) => m.id === id)!.group === 'size');
        const extras = chosen.filter((id) => RAGU.modifiers.find((m) => m.id === id)!.group === 'extra');
        if (sizes.length > 1 || extras.length > MAX_EXTRAS) {
          expect(result.ok).toBe(false);
          return;
        }
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const expected =
          RAGU.price + chosen.reduce((sum, id) => sum + RAGU.modifiers.find((m) => m.id === id)!.price, 0);
        expect(takeawayUnitPrice(RAGU, result.modifiers)).toBe(expected);
        expect(result.modifiers.filter((m) => m.group === 'size')).toHaveLength(1);
        const totals = takeawayTotals([{ unitPrice: expected, quantity }], {
          fulfillmentType: 'pickup',
          deliveryFee: 299,
          freeDeliveryFrom: null,
          minimumSpend: 0,
        });
        expect(totals.subtotal).toBe(expected * quantity);
        expect(Number.isInteger(totals.total)).toBe(true);
      }),
    );
  });
});

describe('basket totals and validity (spec §4)', () => {
  const pricing = {
    fulfillmentType: 'delivery' as const,
    deliveryFee: 299,
    freeDeliveryFrom: 4000,
    minimumSpend: 1500,
  };

  test('valid with items and a pre-discount subtotal at the minimum spend', () => {
    expect(takeawayTotals([], pricing)).toMatchObject({ itemCount: 0, deliveryFee: 0, valid: false });
    const under = takeawayTotals([{ unitPrice: 1250, quantity: 1 }], pricing);
    expect(under).toMatchObject({
      subtotal: 1250,
      deliveryFee: 299,
      total: 1549,
      valid: false,
      minimumRemainder: 250,
    });
    const at = takeawayTotals([{ unitPrice: 750, quantity: 2 }], pricing);
    expect(at).toMatchObject({ subtotal: 1500, meetsMinimum: true, valid: true, minimumRemainder: 0 });
  });

  test('delivery is free from the threshold; pickup never pays it', () => {
    expect(takeawayTotals([{ unitPrice: 4000, quantity: 1 }], pricing).deliveryFee).toBe(0);
    expect(takeawayTotals([{ unitPrice: 3999, quantity: 1 }], pricing).deliveryFee).toBe(299);
    expect(
      takeawayTotals([{ unitPrice: 1500, quantity: 1 }], { ...pricing, fulfillmentType: 'pickup' })
        .deliveryFee,
    ).toBe(0);
  });

  test('property: total = subtotal + fee; valid exactly when items and subtotal ≥ minimum', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitPrice: fc.integer({ min: 0, max: 10_000 }),
            quantity: fc.integer({ min: 1, max: 20 }),
          }),
          { maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 5000 }),
        (lines, minimumSpend) => {
          const totals = takeawayTotals(lines, { ...pricing, minimumSpend });
          expect(totals.total).toBe(totals.subtotal + totals.deliveryFee);
          expect(totals.valid).toBe(lines.length > 0 && totals.subtotal >= minimumSpend);
          expect(totals.subtotal + totals.minimumRemainder).toBeGreaterThanOrEqual(minimumSpend);
        },
      ),
    );
  });
});

describe('ETA and the estimate’s conditions', () => {
  test('spec §9: "15 - 30 mins" by default, else prep + delay + 15 to 30', () => {
    expect(etaText(null, null)).toBe(DEFAULT_ETA_TEXT);
    expect(etaText(0, 0)).toBe('15 - 30 mins');
    expect(etaText(20, 0)).toBe('35 - 50 mins');
    expect(etaText(20, 15)).toBe('50 - 65 mins');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 240 }), fc.integer({ min: 0, max: 120 }), (prep, delay) => {
        const [low, high] = etaText(prep, delay).replace(' mins', '').split(' - ').map(Number);
        expect(high! - low!).toBe(15);
        expect(low).toBe(prep + delay + 15);
      }),
    );
  });

  test('spec §5: asked only with slot, restaurant, zip, lat, lon, country, address1, city and a UK postcode', () => {
    const full = {
      timeSlot: { asap: true },
      restaurantId: 'soho',
      zip: 'SW1A 2AA',
      lat: 51.5,
      lon: -0.12,
      country: 'United Kingdom',
      address1: '10 Downing Street',
      city: 'London',
    };
    expect(missingForEstimate(full)).toEqual([]);
    expect(missingForEstimate({ ...full, lat: null, city: '  ' })).toEqual(['lat', 'city']);
    expect(missingForEstimate({ ...full, zip: '12345' })).toEqual(['zip']);
    expect(missingForEstimate({})).toEqual([
      'timeSlot',
      'restaurantId',
      'zip',
      'lat',
      'lon',
      'country',
      'address1',
      'city',
    ]);
  });
});

describe('labels, lateness and allergens', () => {
  test('spec §4 display labels; paid but not yet accepted says so (issue 19)', () => {
    for (const state of ['billed', 'packed', 'accepted'] as const) {
      expect(takeawayStateLabel(state)).toBe('Is being prepared');
    }
    expect(takeawayStateLabel('paid')).toBe('Waiting for the restaurant');
    expect(takeawayStateLabel('submitted')).toBe('Waiting for the restaurant');
    expect(takeawayStateLabel('shipped')).toBe('Is out for delivery');
    expect(takeawayStateLabel('payment_pending')).toBe('Payment failed');
    expect(takeawayStateLabel('not_authorized')).toBe('Payment failed');
    expect(takeawayStateLabel('dropped')).toBe('Unable to process');
    expect(takeawayStateLabel('ready_for_pickup')).toBe('Ready for pickup');
    expect(takeawayStateLabel('delivered')).toBe('Delivered');
    for (const state of ORDER_STATES) expect(takeawayStateLabel(state)).toMatch(/^[A-Z]/);
  });

  test('late is after the end of the promised window, not at it', () => {
    const promisedTo = new Date('2026-11-18T13:00:00Z');
    expect(isLateDelivery(promisedTo, new Date('2026-11-18T13:00:00Z'))).toBe(false);
    expect(isLateDelivery(promisedTo, new Date('2026-11-18T13:00:01Z'))).toBe(true);
  });

  test('a dish conflicts with a profile through its allergens, and nuts through "may contain"', () => {
    const cannoli = ['allergen:101', 'allergen:106', 'allergen:126', 'allergen:134'];
    expect(conflictingAllergens([106], cannoli)).toEqual([{ code: 106, name: 'Milk' }]);
    // Pistachios are tree nuts; the precaution counts for a nut allergy.
    expect(conflictingAllergens([109], cannoli)).toEqual([
      { code: 109, name: 'Tree nuts' },
      { code: 134, name: 'May contain traces of nuts' },
    ]);
    expect(conflictingAllergens([110], cannoli)).toEqual([{ code: 134, name: 'May contain traces of nuts' }]);
    expect(conflictingAllergens([], cannoli)).toEqual([]);
    expect(conflictingAllergens([102], cannoli)).toEqual([]);
  });
});
