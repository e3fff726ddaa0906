import pg from 'pg';

// Issue 4 part 10: the checkout under load — `concurrency` customers each placing a basket and paying for
// it with a saved card (the sandbox processor), over and over, for `seconds`. Reports the latency of
// placing the orders (POST /orders/recipe_kits), of paying (POST /payments, the charge and the orders
// marked paid) and of the two together, which is what "confirm" costs a customer.

export interface CheckoutLoadResult {
  checkouts: number;
  failures: number;
  perSecond: number;
  place: Percentiles;
  pay: Percentiles;
  confirm: Percentiles;
}
export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
}

export const percentiles = (values: number[]): Percentiles => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
};

export class Customer {
  private cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  async call(
    method: string,
    path: string,
    body?: unknown,
    form?: URLSearchParams,
  ): Promise<{ status: number; body: any }> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        'x-branch': 'web',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(this.cookies.size > 0
          ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
          : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : form ? { body: form.toString() } : {}),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair!.indexOf('=');
      if (at > 0 && pair!.slice(at + 1)) this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // an HTML page
    }
    return { status: response.status, body: parsed };
  }
}

export async function signedUpCustomer(base: string, index: number) {
  const customer = new Customer(base);
  const email = `bench-${Date.now()}-${index}@example.com`;
  const signUp = await customer.call('POST', '/api/v2/customers', {
    first_name: 'Bench',
    last_name: `Customer ${index}`,
    email,
    password: 'a long bench password',
  });
  // The account is made and this customer signed in at once (decision 18).
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
  const address = await customer.call('POST', '/api/v2/addresses', {
    address1: `${index + 1} Downing Street`,
    city: 'London',
    zip: 'SW1A 2AA',
  });
  const setup = await customer.call('POST', '/api/v2/payment_methods/setup', {
    type: 'CreditCard',
    payment_processor_name: 'stripe',
  });
  await customer.call(
    'POST',
    `/sandbox/stripe/card-form?client_secret=${encodeURIComponent(setup.body.data.attributes.client_secret)}`,
    undefined,
    new URLSearchParams({ card_number: '4242424242424242', expiry: '12/30', cvc: '123' }),
  );
  const card = await customer.call('POST', '/api/v2/payment_methods', {
    setup_intent_id: setup.body.data.id,
    payment_processor_name: 'stripe',
    type: 'CreditCard',
  });
  if (card.status !== 201) throw new Error(`card not saved: ${JSON.stringify(card.body)}`);
  return { customer, addressId: address.body.data.id as string, cardId: card.body.data.id as string };
}

export async function checkoutLoad(
  base: string,
  databaseUrl: string,
  concurrency: number,
  seconds: number,
  week: string,
  deliveryDate: string,
): Promise<CheckoutLoadResult> {
  // Plenty of stock, so the figures are of checkouts, not of sold-out refusals.
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query('update product_variants set quantity_available = 1000000');
  await admin.query('delete from rate_limits');
  await admin.end();

  const customers = await Promise.all(
    Array.from({ length: concurrency }, (_, i) => signedUpCustomer(base, i)),
  );
  const place: number[] = [];
  const pay: number[] = [];
  const confirm: number[] = [];
  let failures = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    customers.map(async ({ customer, addressId, cardId }) => {
      while (Date.now() < until) {
        const basket = await customer.call('POST', '/api/v2/baskets', {
          type: 'RecipeKitBasket',
          start_subscription: true,
        });
        for (const variant of ['10011', '10041']) {
          await customer.call('POST', `/api/v2/baskets/${basket.body.data.id}/items`, {
            product_variant_id: variant,
            quantity: 1,
            meal_week: week,
          });
        }
        const started = performance.now();
        const placed = await customer.call('POST', '/api/v2/orders/recipe_kits', {
          basket_id: basket.body.data.id,
          shipping_address_id: addressId,
          delivery_date: deliveryDate,
        });
        const placedAt = performance.now();
        if (placed.status !== 201) {
          failures++;
          continue;
        }
        const paid = await customer.call('POST', '/api/v2/payments', {
          order_id: placed.body.data[0].id,
          payment_method_id: cardId,
        });
        const paidAt = performance.now();
        if (paid.status !== 201 || paid.body.data.attributes.status !== 'succeeded') {
          failures++;
          continue;
        }
        place.push(placedAt - started);
        pay.push(paidAt - placedAt);
        confirm.push(paidAt - started);
      }
    }),
  );
  return {
    checkouts: confirm.length,
    failures,
    perSecond: Math.round((confirm.length / seconds) * 10) / 10,
    place: percentiles(place),
    pay: percentiles(pay),
    confirm: percentiles(confirm),
  };
}
