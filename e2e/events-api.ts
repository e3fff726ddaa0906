import { expect, type APIRequestContext } from '@playwright/test';
import { newCustomer, saveCard } from './takeaway-api';

// Paid event bookings made through the API, as a booker's browser would (issue 22): a new customer signs up,
// saves a card through the sandbox's card form, books seats of a slot (POST /orders/events) and pays
// (POST /payments). The journeys after paying (the dietary form, changes, the host's view) start here, so
// they spend no time on the booking's own screens (e2e/events.spec.ts walks those).

interface SlotAttributes {
  template_id: string;
  location_id: string;
  starts_at: string;
  date_label: string;
  time_label: string;
  seats_left: number;
  bookable: boolean;
}
export interface ApiSlot {
  id: string;
  attributes: SlotAttributes;
}

export interface PaidBooking {
  orderId: string;
  number: number;
  email: string;
  slot: ApiSlot;
  /** The dietary form's link (with its key), as the booker forwards it. */
  formUrl: string;
  /** The booker's signed-in API context (dispose it when done). */
  customer: APIRequestContext;
}

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>, status = [200, 201]) {
  const body = await response.text();
  expect(status, `${response.url()} answered ${response.status()}: ${body}`).toContain(response.status());
  return JSON.parse(body || 'null');
}

/** A template's bookable slots, soonest first. */
export async function slotsOf(customer: APIRequestContext, templateId: string): Promise<ApiSlot[]> {
  const slots = await ok(await customer.get(`/api/v2/event_slots?filter[template]=${templateId}`));
  return (slots.data as ApiSlot[]).filter((slot) => slot.attributes.bookable);
}

/**
 * A new customer's booking of a slot of `templateId` at `restaurantId`, paid by card. `after`: the first slot
 * starting after this instant (a date far enough ahead for a full refund to the card).
 */
export async function placePaidBooking(
  baseURL: string,
  options: {
    templateId?: string;
    restaurantId?: string;
    after: string;
    adults: number;
    children?: number;
    upgrades?: { upgrade_id: string; quantity: number }[];
    firstName?: string;
  },
): Promise<PaidBooking> {
  const { customer, email } = await newCustomer(baseURL, options.firstName ?? 'Ada', 'Lovelace');
  const slots = await slotsOf(customer, options.templateId ?? 'fresh-pasta-class');
  const slot = slots.find(
    (s) =>
      s.attributes.starts_at > options.after &&
      (!options.restaurantId || s.attributes.location_id === options.restaurantId) &&
      s.attributes.seats_left >= options.adults + (options.children ?? 0),
  );
  expect(slot, `no slot after ${options.after}`).toBeDefined();
  const placed = await ok(
    await customer.post('/api/v2/orders/events', {
      data: {
        slot_id: slot!.id,
        adults: options.adults,
        ...(options.children ? { children: options.children } : {}),
        ...(options.upgrades ? { upgrades: options.upgrades } : {}),
      },
    }),
  );
  const orderId = placed.data[0].id as string;
  const paymentMethodId = await saveCard(customer);
  const paid = await ok(
    await customer.post('/api/v2/payments', {
      data: { order_id: orderId, payment_method_id: paymentMethodId },
    }),
  );
  expect(paid.data.attributes.status).toBe('succeeded');
  const booking = await ok(await customer.get(`/api/v2/event_bookings/${orderId}`));
  expect(booking.data.attributes.state).toBe('confirmed');
  return {
    orderId,
    number: booking.data.attributes.order_number as number,
    email,
    slot: slot!,
    formUrl: booking.data.attributes.form_url as string,
    customer,
  };
}
