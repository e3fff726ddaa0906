import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { KITCHEN_STAFF } from './kitchen-staff';
import { newCustomer, saveCard } from './takeaway-api';

// Ratings journeys' set-up through the API (issue 23): a takeaway taken through the kitchen to delivered, as
// the kitchen's own screen would; a Pasta Plan's first box bought and delivered now by the embedded
// warehouse (the development route: the shop's pinned clock never reaches the box's day); the after-order
// emails sent now (the development route, as the every-minute job would); the email read from the mailbox.

const HEADERS = { 'x-branch': 'web' };

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>, status = [200, 201]) {
  const body = await response.text();
  expect(status, `${response.url()} answered ${response.status()}: ${body}`).toContain(response.status());
  return JSON.parse(body || 'null');
}

/** The e2e shop's member of kitchen staff, signed in in a request context of their own. */
export async function kitchenApi(baseURL: string): Promise<APIRequestContext> {
  const kitchen = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: HEADERS });
  await ok(
    await kitchen.post('/api/v2/sessions', {
      data: { email: KITCHEN_STAFF.email, password: KITCHEN_STAFF.password },
    }),
  );
  return kitchen;
}

/** The kitchen accepts the order, makes it, sends it out and marks it delivered. */
export async function deliverTakeaway(kitchen: APIRequestContext, orderId: string) {
  const step = async (action: string, data: object = {}) =>
    ok(await kitchen.post(`/api/v2/kitchen/tickets/${orderId}/${action}`, { data }));
  await step('accept', { prep_minutes: 15 });
  await step('ready');
  await step('out_for_delivery');
  await step('delivered');
}

/** One pass of the after-order emails now (development only), then the order's email from the mailbox. */
export async function afterOrderEmail(
  request: APIRequestContext,
  to: string,
): Promise<{ subject: string; links: string[] }> {
  await ok(await request.post('/dev/after-order-asks'));
  let found: { subject: string; links: string[] } | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
      const { messages } = (await response.json()) as {
        messages: { template: string; subject: string; links: string[] }[];
      };
      found = messages.find((message) => message.template === 'after_order_ask');
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/**
 * Dishes 1 and 2 of the menu's week of 23 November (the demo catalogue: product 1000 + n, its variant
 * 10000 + n×10 + 1), in the order the box's lines keep them.
 */
export const DISHES = {
  first: 'gid://shopify/ProductVariant/10011',
  second: 'gid://shopify/ProductVariant/10021',
  products: ['gid://shopify/Product/1001', 'gid://shopify/Product/1002'],
};
export const NEXT_WEEK = '2026-11-23';

export interface DeliveredBox {
  orderId: string;
  email: string;
  customer: APIRequestContext;
  /** The box's dishes, as its lines name them, and their storefront products (as the menu knows them). */
  titles: string[];
  productIds: string[];
}

/** A new customer's Pasta Plan: a box of two dishes for the week of 23 November, paid, and delivered now. */
export async function deliveredBox(baseURL: string, firstName: string): Promise<DeliveredBox> {
  const { customer, email } = await newCustomer(baseURL, firstName, 'Rossi');
  const address = await ok(
    await customer.post('/api/v2/addresses', {
      data: {
        first_name: firstName,
        last_name: 'Rossi',
        address1: '10 Downing Street',
        city: 'London',
        zip: 'SW1A 2AA',
        phone: '07911 123456',
      },
    }),
  );
  const basket = await ok(
    await customer.post('/api/v2/baskets', { data: { type: 'RecipeKitBasket', start_subscription: true } }),
  );
  for (const variant of [DISHES.first, DISHES.second]) {
    await ok(
      await customer.post(`/api/v2/baskets/${basket.data.id}/items`, {
        data: { product_variant_id: variant, quantity: 1, meal_week: NEXT_WEEK },
      }),
    );
  }
  const placed = await ok(
    await customer.post('/api/v2/orders/recipe_kits', {
      data: {
        basket_id: basket.data.id,
        shipping_address_id: address.data.id,
        delivery_date: '2026-11-25',
        subscription: { frequency: 1, number_of_recipes: 2 },
      },
    }),
  );
  const orderId = placed.data[0].id as string;
  const card = await saveCard(customer);
  const paid = await ok(
    await customer.post('/api/v2/payments', { data: { order_id: orderId, payment_method_id: card } }),
  );
  expect(paid.data.attributes.status).toBe('succeeded');
  const delivered = await ok(await customer.post(`/dev/fulfilment/orders/${orderId}/deliver`));
  expect(delivered.data.state).toBe('delivered');
  const order = await ok(await customer.get(`/api/v2/orders/${orderId}`));
  const lines = (order.included as { type: string; attributes: { title: string } }[]).filter(
    (resource) => resource.type === 'line_items',
  );
  return {
    orderId,
    email,
    customer,
    titles: lines.map((line) => line.attributes.title),
    productIds: DISHES.products,
  };
}
