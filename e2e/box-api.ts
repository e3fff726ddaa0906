import { expect, type APIRequestContext } from '@playwright/test';
import { DISHES, NEXT_WEEK } from './ratings-api';
import { newCustomer, saveCard } from './takeaway-api';

// A paid recipe-kit box through the API, in a customer's request context of their own (as the checkout's
// calls would): the back office's journeys find, refund and count it (issue 25).

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  const body = await response.text();
  expect([200, 201], `${response.url()} answered ${response.status()}: ${body}`).toContain(response.status());
  return JSON.parse(body || 'null');
}

/** A new customer's box of two dishes for next week, placed and paid by card. */
export async function paidBox(baseURL: string) {
  const { customer, email } = await newCustomer(baseURL, 'Rosa', 'Ferri');
  const address = await ok(
    await customer.post('/api/v2/addresses', {
      data: {
        first_name: 'Rosa',
        last_name: 'Ferri',
        address1: '10 Downing Street',
        city: 'London',
        zip: 'SW1A 2AA',
        phone: '07911 123456',
      },
    }),
  );
  const basket = await ok(
    await customer.post('/api/v2/baskets', { data: { type: 'RecipeKitBasket', start_subscription: false } }),
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
      data: { basket_id: basket.data.id, shipping_address_id: address.data.id, delivery_date: '2026-11-25' },
    }),
  );
  const orderId = placed.data[0].id as string;
  const card = await saveCard(customer);
  const paid = await ok(
    await customer.post('/api/v2/payments', { data: { order_id: orderId, payment_method_id: card } }),
  );
  expect(paid.data.attributes.status).toBe('succeeded');
  const order = await ok(await customer.get(`/api/v2/orders/${orderId}`));
  return {
    customer,
    email,
    orderId,
    number: order.data.attributes.number as number,
    total: order.data.attributes.total as number,
  };
}
