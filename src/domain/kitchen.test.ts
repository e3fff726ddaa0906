import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { DomainError } from './errors';
import {
  assertKitchenMove,
  availableActions,
  etaOnAccept,
  KITCHEN_ACTIONS,
  kitchenMove,
  OPEN_TICKET_STATES,
  readyBy,
  snoozeUntil,
  TAKEAWAY_ORDER_LIFECYCLE,
  takeawayMovesAreOrderMoves,
} from './kitchen';
import { canMove } from './lifecycles';
import { ORDER_STATES, type OrderState } from './orders';
import type { FulfillmentType } from './restaurant-hours';

// The kitchen's buttons as a table over the takeaway order lifecycle.

const FULFILMENT: FulfillmentType[] = ['delivery', 'pickup', 'eat_in'];

describe('the takeaway order lifecycle', () => {
  test('every move is one the general order table allows (payments moves orders by that one)', () => {
    expect(takeawayMovesAreOrderMoves()).toBe(true);
  });

  test('delivered, dropped and cancelled are final; paid goes to the kitchen', () => {
    for (const state of ['delivered', 'dropped', 'cancelled'] as const) {
      expect(TAKEAWAY_ORDER_LIFECYCLE.moves[state]).toEqual([]);
    }
    expect(canMove(TAKEAWAY_ORDER_LIFECYCLE, 'paid', 'submitted')).toBe(true);
    expect(canMove(TAKEAWAY_ORDER_LIFECYCLE, 'shipped', 'dropped')).toBe(false);
  });
});

describe('kitchen actions', () => {
  test('a delivery goes accepted → packed → shipped → delivered; a pickup ready_for_pickup → delivered', () => {
    expect(kitchenMove('ready', 'delivery')).toEqual({ from: ['accepted'], to: 'packed' });
    expect(kitchenMove('ready', 'pickup')).toEqual({ from: ['accepted'], to: 'ready_for_pickup' });
    expect(kitchenMove('out_for_delivery', 'pickup')).toBeNull();
    expect(kitchenMove('collected', 'delivery')).toBeNull();
    expect(kitchenMove('collected', 'eat_in')).toEqual({ from: ['ready_for_pickup'], to: 'delivered' });
  });

  test('the allergens are acknowledged before accept is offered', () => {
    expect(
      availableActions({ state: 'submitted', fulfillmentType: 'delivery', allergensPending: true }),
    ).toEqual(['acknowledge_allergens', 'reject']);
    expect(
      availableActions({ state: 'submitted', fulfillmentType: 'delivery', allergensPending: false }),
    ).toEqual(['accept', 'reject']);
    expect(
      availableActions({ state: 'accepted', fulfillmentType: 'delivery', allergensPending: false }),
    ).toEqual(['ready', 'out_for_delivery', 'reject']);
    expect(
      availableActions({ state: 'ready_for_pickup', fulfillmentType: 'pickup', allergensPending: false }),
    ).toEqual(['collected']);
    expect(
      availableActions({ state: 'delivered', fulfillmentType: 'pickup', allergensPending: false }),
    ).toEqual([]);
  });

  test('property: every offered action is a legal move, and every refused one throws a 409', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<OrderState>(...ORDER_STATES),
        fc.constantFrom(...FULFILMENT),
        fc.constantFrom(...KITCHEN_ACTIONS.filter((a) => a !== 'acknowledge_allergens')),
        (state, fulfillmentType, action) => {
          const ticket = { state, fulfillmentType, allergensPending: false };
          const offered = availableActions(ticket).includes(action);
          if (offered) {
            const to = assertKitchenMove(action, ticket);
            expect(canMove(TAKEAWAY_ORDER_LIFECYCLE, state, to)).toBe(true);
          } else {
            let thrown: unknown;
            try {
              assertKitchenMove(action, ticket);
            } catch (error) {
              thrown = error;
            }
            expect(thrown).toBeInstanceOf(DomainError);
            expect((thrown as DomainError).code).toBe('CONFLICT');
          }
        },
      ),
    );
  });

  test('open tickets are the states with something left to do', () => {
    for (const state of OPEN_TICKET_STATES) {
      expect(TAKEAWAY_ORDER_LIFECYCLE.moves[state].length).toBeGreaterThan(0);
    }
  });
});

describe('snoozes', () => {
  test('an hour from now, or until London’s midnight, in GMT and in BST', () => {
    const winter = new Date('2026-11-18T18:20:00Z');
    expect(snoozeUntil('hour', winter)).toEqual(new Date('2026-11-18T19:20:00Z'));
    expect(snoozeUntil('tomorrow', winter)).toEqual(new Date('2026-11-19T00:00:00Z'));
    const summer = new Date('2026-06-17T22:30:00Z'); // 23:30 BST
    expect(snoozeUntil('tomorrow', summer)).toEqual(new Date('2026-06-17T23:00:00Z'));
    // The night the clocks go back (25 October 2026): midnight BST of the 26th is 23:00 UTC on the 25th.
    expect(snoozeUntil('tomorrow', new Date('2026-10-25T12:00:00Z'))).toEqual(
      new Date('2026-10-26T00:00:00Z'),
    );
  });
});

describe('the estimate once accepted', () => {
  const now = new Date('2026-11-18T12:40:00Z');
  const promised = { from: new Date('2026-11-18T13:05:00Z'), to: new Date('2026-11-18T13:20:00Z') };

  test('ASAP: ready at now + prep, delivered 15 to 30 minutes later; collected in its 15 minutes', () => {
    expect(etaOnAccept({ now, prepMinutes: 25, fulfillmentType: 'delivery', asap: true, promised })).toEqual({
      from: new Date('2026-11-18T13:20:00Z'),
      to: new Date('2026-11-18T13:35:00Z'),
    });
    expect(etaOnAccept({ now, prepMinutes: 25, fulfillmentType: 'pickup', asap: true, promised })).toEqual({
      from: new Date('2026-11-18T13:05:00Z'),
      to: new Date('2026-11-18T13:20:00Z'),
    });
  });

  test('a scheduled slot stays the estimate unless the kitchen cannot make it', () => {
    expect(etaOnAccept({ now, prepMinutes: 10, fulfillmentType: 'delivery', asap: false, promised })).toEqual(
      promised,
    );
    expect(
      etaOnAccept({ now, prepMinutes: 20, fulfillmentType: 'delivery', asap: false, promised }).from,
    ).toEqual(new Date('2026-11-18T13:15:00Z'));
    expect(readyBy(promised.from, 'delivery')).toEqual(new Date('2026-11-18T12:50:00Z'));
    expect(readyBy(promised.from, 'pickup')).toEqual(promised.from);
  });

  test('property: the estimate never starts before now + prep', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 120 }),
        fc.constantFrom(...FULFILMENT),
        fc.boolean(),
        fc.integer({ min: -60, max: 180 }),
        (prep, fulfillmentType, asap, offset) => {
          const start = new Date(now.getTime() + offset * 60_000);
          const eta = etaOnAccept({
            now,
            prepMinutes: prep,
            fulfillmentType,
            asap,
            promised: { from: start, to: new Date(start.getTime() + 15 * 60_000) },
          });
          expect(eta.from.getTime()).toBeGreaterThanOrEqual(now.getTime() + prep * 60_000);
          expect(eta.to.getTime()).toBeGreaterThan(eta.from.getTime());
        },
      ),
    );
  });
});
