import type { Ticket } from '../../../contracts/kitchen';

// A kitchen ticket for the unit tests: a new ASAP delivery at Soho, changed by `overrides`.

export function ticket(overrides: Partial<Ticket> & { id: string }): Ticket {
  return {
    restaurantId: 'soho',
    number: 1,
    state: 'submitted',
    stateLabel: 'New',
    fulfillmentType: 'delivery',
    isCateringOrder: false,
    asap: true,
    dueAt: '2026-11-18T12:50:00.000Z',
    promisedFrom: '2026-11-18T13:05:00.000Z',
    promisedTo: '2026-11-18T13:20:00.000Z',
    customerName: 'Ada Lovelace',
    phone: null,
    deliveryAddress: null,
    tableNumber: null,
    round: null,
    note: null,
    lines: [],
    customerAllergens: [],
    allergensAcknowledged: true,
    allergensAcknowledgedAt: null,
    prepMinutes: null,
    paidAt: '2026-11-18T12:30:00.000Z',
    acceptedAt: null,
    readyAt: null,
    outForDeliveryAt: null,
    deliveredAt: null,
    rejectedAt: null,
    rejectedReason: null,
    refunded: false,
    actions: ['accept', 'reject'],
    version: 1,
    ...overrides,
  };
}
