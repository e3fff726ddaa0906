import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, test } from 'vitest';
import type { Address } from '../../../contracts/addresses';
import { trackNavigation } from '../../app/navigation-history';
import { basketQueries } from '../../features/baskets/baskets.queries';
import { saveDeliveryChoices } from '../../features/delivery/delivery-store';
import { accountQueries } from '../../features/customers/customers.queries';
import { chooseSecondPlan } from '../../features/subscriptions/second-plan';
import { subscriptionQueries } from '../../features/subscriptions/subscriptions.queries';
import { customerQueries } from '../../shared/customer.queries';
import { checkoutGuards } from './checkout-guards';
import { isPaymentPage, ONE_OFF_FLOW, SUBSCRIPTION_FLOW } from '../../features/checkout/flows';

// The checkout's guards, exactly as spec §2 says, with a query cache standing in for the server.

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

// The last page the router committed, as the guards read it.
type State = { initialized: boolean; navigation: { state: string }; location: { pathname: string } };
let notify: (state: State) => void = () => {};
trackNavigation({
  state: { initialized: false, navigation: { state: 'loading' }, location: { pathname: '/' } },
  subscribe(listener) {
    notify = listener;
    return () => {};
  },
});
const arriveFrom = (pathname: string) =>
  notify({ initialized: true, navigation: { state: 'idle' }, location: { pathname } });

const address = (patch: Partial<Address>): Address => ({
  id: 'a1',
  address1: '10 Downing Street',
  address2: null,
  city: 'London',
  zip: 'SW1A 2AA',
  company: null,
  region: null,
  regionCode: null,
  country: 'United Kingdom',
  countryCode: 'UK',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: null,
  lat: null,
  lon: null,
  isDefault: false,
  extId: null,
  deliverable: true,
  ...patch,
});

let queryClient: QueryClient;

function signIn() {
  queryClient.setQueryData(customerQueries.me().queryKey, { id: 'c1', email: 'ada@example.com' } as never);
}
function withAddresses(list: Address[]) {
  queryClient.setQueryData(accountQueries.addresses().queryKey, list);
}
/** The plan's basket (b1) and the one-off box's (b3): each checkout flow pays for its own. */
function withBasket() {
  queryClient.setQueryData(basketQueries.recipeKit().queryKey, { basket: { id: 'b1' }, meta: {} } as never);
  queryClient.setQueryData(basketQueries.recipeKit('one-off').queryKey, {
    basket: { id: 'b3' },
    meta: {},
  } as never);
}

async function run(loader: (args: never) => Promise<Response | null>, path: string): Promise<string | null> {
  const result = await loader({ request: new Request(`http://shop.test${path}`), params: {} } as never);
  return result ? result.headers.get('Location') : null;
}

function withPlans(states: string[]) {
  queryClient.setQueryData(
    subscriptionQueries.list().queryKey,
    states.map((state, i) => ({ id: `p${i}`, state, name: 'Weekly pasta box', hasOrders: true }) as never),
  );
}

beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  (globalThis as { sessionStorage?: unknown }).sessionStorage = new MemoryStorage();
  queryClient = new QueryClient();
  queryClient.setQueryData(customerQueries.me().queryKey, null);
  withPlans([]);
  arriveFrom('/menu');
});

describe('checkout guards (spec §2)', () => {
  const flow = SUBSCRIPTION_FLOW;

  test('a visitor goes to continue, and comes back to the step asked for', async () => {
    expect(await run(checkoutGuards.start(queryClient, flow), '/checkout')).toBe('/checkout/continue');
    expect(await run(checkoutGuards.payment(queryClient, flow), '/checkout/payment')).toBe(
      '/checkout/continue?returnTo=%2Fcheckout%2Fpayment',
    );
    expect(
      await run(checkoutGuards.customer(queryClient, ONE_OFF_FLOW), '/one-off/checkout/delivery/address'),
    ).toBe('/one-off/continue?returnTo=%2Fone-off%2Fcheckout%2Fdelivery%2Faddress');
  });

  test('continue, signup and login send a signed-in customer on to the checkout', async () => {
    expect(await run(checkoutGuards.signIn(queryClient, flow), '/checkout/login')).toBeNull();
    signIn();
    expect(await run(checkoutGuards.signIn(queryClient, flow), '/checkout/login')).toBe('/checkout');
    expect(await run(checkoutGuards.signIn(queryClient, ONE_OFF_FLOW), '/one-off/signup')).toBe(
      '/one-off/checkout',
    );
  });

  test('the default step is delivery/instructions', async () => {
    signIn();
    expect(await run(checkoutGuards.start(queryClient, flow), '/checkout')).toBe(
      '/checkout/delivery/instructions',
    );
  });

  test('delivery/instructions waits for the basket, then needs a valid address', async () => {
    signIn();
    withBasket();
    withAddresses([]);
    expect(await run(checkoutGuards.instructions(queryClient, flow), '/checkout/delivery/instructions')).toBe(
      '/checkout/delivery/address',
    );
    // The placeholder address is not valid; nor is one without a postcode.
    withAddresses([address({ address1: 'ignore_me', isDefault: true })]);
    expect(await run(checkoutGuards.instructions(queryClient, flow), '/checkout/delivery/instructions')).toBe(
      '/checkout/delivery/address',
    );
    withAddresses([address({ zip: null, isDefault: true })]);
    expect(await run(checkoutGuards.instructions(queryClient, flow), '/checkout/delivery/instructions')).toBe(
      '/checkout/delivery/address',
    );
    // The default address is chosen when none was.
    withAddresses([address({ isDefault: true })]);
    expect(
      await run(checkoutGuards.instructions(queryClient, flow), '/checkout/delivery/instructions'),
    ).toBeNull();
  });

  test('payment: from confirmation to /; from instructions or billing on; else a valid address (and date)', async () => {
    signIn();
    withAddresses([]);
    arriveFrom('/checkout/confirmation');
    expect(await run(checkoutGuards.payment(queryClient, flow), '/checkout/payment')).toBe('/');
    arriveFrom('/checkout/delivery/instructions');
    expect(await run(checkoutGuards.payment(queryClient, flow), '/checkout/payment')).toBeNull();
    arriveFrom('/checkout/billingaddresses');
    expect(await run(checkoutGuards.payment(queryClient, flow), '/checkout/payment')).toBeNull();
    arriveFrom('/menu');
    expect(await run(checkoutGuards.payment(queryClient, flow), '/checkout/payment')).toBe(
      '/checkout/delivery/address',
    );
    withAddresses([address({ id: 'a2' })]);
    saveDeliveryChoices({ addressId: 'a2' });
    expect(await run(checkoutGuards.payment(queryClient, flow), '/checkout/payment')).toBe(
      '/checkout/delivery/instructions',
    );
    saveDeliveryChoices({ deliveryDate: '2026-11-23' });
    expect(await run(checkoutGuards.payment(queryClient, flow), '/checkout/payment')).toBeNull();
  });

  test('confirmation: only from a payment page, else /account when signed in, / when not', async () => {
    expect(await run(checkoutGuards.confirmation(queryClient), '/checkout/confirmation')).toBe('/');
    signIn();
    expect(await run(checkoutGuards.confirmation(queryClient), '/checkout/confirmation')).toBe('/account');
    for (const from of [
      '/checkout/payment',
      '/one-off/checkout/payment',
      '/payment/3f2b',
      '/paypal-confirmation',
    ]) {
      arriveFrom(from);
      expect(await run(checkoutGuards.confirmation(queryClient), '/checkout/confirmation')).toBeNull();
    }
  });

  test('error: only from the payment page', async () => {
    signIn();
    expect(await run(checkoutGuards.error(queryClient, flow), '/checkout/error')).toBe('/checkout');
    arriveFrom('/checkout/payment');
    expect(await run(checkoutGuards.error(queryClient, flow), '/checkout/error')).toBeNull();
  });

  test('a customer with a live plan is asked what the dishes are for, never put on a second plan by default', async () => {
    signIn();
    withBasket();
    withAddresses([address({ isDefault: true })]);
    saveDeliveryChoices({ addressId: 'a1', deliveryDate: '2026-11-23' });
    for (const state of ['active', 'paused', 'failed']) {
      withPlans([state]);
      expect(
        await run(checkoutGuards.instructions(queryClient, flow), '/checkout/delivery/instructions'),
      ).toBe('/checkout/existing-plan');
      arriveFrom('/checkout/delivery/instructions');
      expect(await run(checkoutGuards.payment(queryClient, flow), '/checkout/payment')).toBe(
        '/checkout/existing-plan',
      );
      arriveFrom('/menu');
    }
    // A cancelled plan is no plan to add to: the checkout starts a new one as for anyone.
    withPlans(['cancelled']);
    expect(
      await run(checkoutGuards.instructions(queryClient, flow), '/checkout/delivery/instructions'),
    ).toBeNull();
    // The one-off checkout never asks.
    withPlans(['active']);
    expect(
      await run(
        checkoutGuards.instructions(queryClient, ONE_OFF_FLOW),
        '/one-off/checkout/delivery/instructions',
      ),
    ).toBeNull();
    // Once the customer chose a second plan for this basket, the plan checkout goes on.
    chooseSecondPlan('b1');
    expect(
      await run(checkoutGuards.instructions(queryClient, flow), '/checkout/delivery/instructions'),
    ).toBeNull();
    // Another basket asks again.
    queryClient.setQueryData(basketQueries.recipeKit().queryKey, { basket: { id: 'b2' }, meta: {} } as never);
    expect(await run(checkoutGuards.instructions(queryClient, flow), '/checkout/delivery/instructions')).toBe(
      '/checkout/existing-plan',
    );
  });

  test('payment pages', () => {
    expect(isPaymentPage(null)).toBe(false);
    expect(isPaymentPage('/payment/success')).toBe(false);
    expect(isPaymentPage('/checkout/delivery/instructions')).toBe(false);
    expect(isPaymentPage('/payment/9a1c')).toBe(true);
  });
});
