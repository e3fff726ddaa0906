import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { freePort, startServer, waitReady, type ServerProcess } from '../../test/server-process';
import { TEST_NOW, WEEKS } from '../../test/test-clock';
import { CARD_FIELD_NAMES } from '../../integrations/payments/sandbox-pages';

// Issue 4 part 8: the server killed (kill -9) between the charge and the order update, then restarted,
// ends with the order paid and one charge — never a charge without an order. The real server runs as a
// child process; SFOGLIA_CRASH_AFTER_CHARGE makes it die the moment the processor has charged.

const dataDir = mkdtempSync(join(tmpdir(), 'sfoglia-recovery-'));
const running: ServerProcess[] = [];
afterAll(() => {
  for (const server of running) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(port: number, env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = startServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SFOGLIA_NOW: TEST_NOW.toISOString(),
    ...env,
  });
  running.push(server);
  // Generous: the API suite runs beside it, and a cold start migrates and seeds the database.
  await waitReady(server);
  return server;
}

class Browser {
  private cookies = new Map<string, string>();
  constructor(private base: string) {}
  rebase(base: string) {
    this.base = base;
  }
  async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        'x-branch': 'web',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size > 0
          ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
          : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, value] = pair!.split('=');
      if (value) this.cookies.set(name!, value);
    }
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
}

test('killed between the charge and the order update: after a restart the order is paid, charged once', async () => {
  const port = await freePort();
  const crashing = await start(port, { SFOGLIA_CRASH_AFTER_CHARGE: '1' });
  const browser = new Browser(crashing.url);
  const email = `recovery-${Date.now()}@example.com`;

  // Sign up: the account is made and this browser signed in at once (decision 18).
  const signUp = await browser.call('POST', '/api/v2/customers', {
    first_name: 'Rita',
    last_name: 'Levi',
    email,
    password: 'a long and sturdy password',
  });
  expect(signUp.status).toBe(201);

  const address = await browser.call('POST', '/api/v2/addresses', {
    address1: '10 Downing Street',
    city: 'London',
    zip: 'SW1A 2AA',
  });
  expect(address.status).toBe(201);
  const basket = await browser.call('POST', '/api/v2/baskets', {
    type: 'RecipeKitBasket',
    start_subscription: true,
  });
  const basketId = basket.body.data.id;
  const added = await browser.call('POST', `/api/v2/baskets/${basketId}/items`, {
    product_variant_id: '10011',
    quantity: 2,
    meal_week: WEEKS.next,
  });
  expect(added.status).toBe(201);
  const setup = await browser.call('POST', '/api/v2/payment_methods/setup', {
    type: 'CreditCard',
    payment_processor_name: 'stripe',
  });
  expect(setup.status).toBe(201);
  const form = await fetch(
    `${crashing.url}/sandbox/stripe/card-form?client_secret=${encodeURIComponent(setup.body.data.attributes.client_secret)}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        [CARD_FIELD_NAMES.number]: '4242 4242 4242 4242',
        [CARD_FIELD_NAMES.expiry]: '12/30',
        [CARD_FIELD_NAMES.cvc]: '123',
      }).toString(),
    },
  );
  expect(form.status).toBe(200);
  const card = await browser.call('POST', '/api/v2/payment_methods', {
    setup_intent_id: setup.body.data.id,
    payment_processor_name: 'stripe',
    type: 'CreditCard',
  });
  expect(card.status).toBe(201);
  const placed = await browser.call('POST', '/api/v2/orders/recipe_kits', {
    basket_id: basketId,
    shipping_address_id: address.body.data.id,
    delivery_date: '2026-11-25',
  });
  expect(placed.status).toBe(201);
  const orderId = placed.body.data[0].id;

  // Pay: the processor charges, and the server dies before it can record it.
  await expect(
    browser.call('POST', '/api/v2/payments', { order_id: orderId, payment_method_id: card.body.data.id }),
  ).rejects.toThrow();
  await crashing.exited;

  const restarted = await start(port);
  browser.rebase(restarted.url);
  let order: any = null;
  for (let i = 0; i < 100; i++) {
    order = (await browser.call('GET', `/api/v2/orders/${orderId}`)).body;
    if (order?.data?.attributes?.state === 'paid') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(order.data.attributes.state).toBe('paid');
  // Paying again finds the payment already made: still one charge.
  const again = await browser.call('POST', '/api/v2/payments', {
    order_id: orderId,
    payment_method_id: card.body.data.id,
  });
  expect(again.status).toBe(201);
  expect(again.body.data.attributes).toMatchObject({ status: 'succeeded', amount: 2299 });
  const methods = await browser.call('GET', '/api/v2/payment_methods');
  expect(methods.body.data).toHaveLength(1);
  restarted.child.kill('SIGTERM');
  expect(await restarted.exited).toBe(0);
}, 360_000);
