import type { Ticket } from '../../../contracts/kitchen';
import { availableActions, readyBy } from '../../../domain/kitchen';
import type { OrderState } from '../../../domain/orders';
import type { FulfillmentType } from '../../../domain/restaurant-hours';
import { named, takeawaySteps, type TakeawayOrderRecord } from '../takeaway';

// A kitchen ticket (issue 13 part 3): what to cook and for when, every modifier and note, the customer's
// allergens in plain sight with the lines they touch, and the buttons that make sense now.

const KITCHEN_LABELS: Partial<Record<OrderState, string>> = {
  paid: 'New',
  submitted: 'New',
  accepted: 'Cooking',
  packed: 'Ready for the rider',
  ready_for_pickup: 'Ready to collect',
  shipped: 'Out for delivery',
  delivered: 'Done',
  dropped: 'Rejected',
  cancelled: 'Cancelled',
};

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toTicket({ order, takeaway, lines }: TakeawayOrderRecord): Ticket {
  const fulfillmentType = takeaway.fulfillmentType as FulfillmentType;
  const state = order.state as OrderState;
  const customerAllergens = named(takeaway.customerAllergens);
  const pending = customerAllergens.length > 0 && takeaway.allergensAcknowledgedAt === null;
  return {
    id: order.id,
    restaurantId: takeaway.restaurantId,
    number: order.number,
    state,
    stateLabel: KITCHEN_LABELS[state] ?? state,
    fulfillmentType,
    isCateringOrder: takeaway.isCateringOrder,
    asap: takeaway.asap,
    dueAt: readyBy(takeaway.promisedFrom, fulfillmentType).toISOString(),
    promisedFrom: takeaway.promisedFrom.toISOString(),
    promisedTo: takeaway.promisedTo.toISOString(),
    customerName: takeaway.customerName,
    phone: takeaway.phone,
    deliveryAddress: fulfillmentType === 'delivery' ? order.shippingAddress : null,
    tableNumber: takeaway.tableNumber,
    round: takeaway.round,
    note: order.deliveryNote,
    lines: lines.map((line) => {
      const allergens = named(line.takeaway?.allergens ?? []);
      return {
        quantity: line.quantity,
        title: line.title,
        size: line.variantTitle || null,
        modifiers: (line.takeaway?.modifiers ?? [])
          .filter((modifier) => modifier.group !== 'size')
          .map(({ title, group }) => ({ title, group })),
        note: line.takeaway?.note ?? null,
        allergens: allergens.map((a) => a.name),
        conflicts: allergens.filter((a) => takeaway.customerAllergens.includes(a.code)).map((a) => a.name),
      };
    }),
    customerAllergens,
    allergensAcknowledged: customerAllergens.length === 0 || takeaway.allergensAcknowledgedAt !== null,
    allergensAcknowledgedAt: iso(takeaway.allergensAcknowledgedAt),
    prepMinutes: takeaway.prepMinutes,
    ...takeawaySteps(takeaway),
    actions: availableActions({ state, fulfillmentType, allergensPending: pending }),
    version: takeaway.version,
  };
}

export function ticketResource(ticket: Ticket) {
  const { id, ...attributes } = ticket;
  return { id, type: 'tickets' as const, attributes };
}
