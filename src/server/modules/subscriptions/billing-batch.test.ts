import { afterEach, describe, expect, test } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { productVariants } from '../../db/schema/catalogue';
import { orderLineItems } from '../../db/schema/orders';
import { stateChanges } from '../../db/schema/state-changes';
import { scheduleWeeks, subscriptionEvents, subscriptions } from '../../db/schema/subscriptions';
import { API, variantId } from '../../test/api-expect';
import { CUTOFF, emailsTo, paymentsOf, processorCharges, weekOf } from '../../test/billing';
import { DISH } from '../../test/checkout';
import { createTestApp, type TestApp } from '../../test/harness';
import { planCustomer, type PlanCustomer } from '../../test/plans';

// Weekly billing in batches (decision 22's addendum): the boxes claimed together are closed in one
// transaction with one stock update per dish, then charged together. These tests hold it to what one box
// at a time guaranteed: a dish that runs short is given while it lasts and never oversold, a batch that
// finds a dish taken meanwhile starts again, a plan paused meanwhile is never charged, and two passes over
// the same weeks charge each once. Each test has a shop of its own.

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const db = () => t.database.db;
const PUMPKIN = Number(variantId(DISH.pumpkin));
const CARBONARA = Number(variantId(DISH.carbonara));

/** `n` plans whose box of 30 November is one pumpkin ravioli and one carbonara, chosen by the customer. */
async function plansWithPumpkin(n: number): Promise<PlanCustomer[]> {
  t = await createTestApp();
  const plans: PlanCustomer[] = [];
  for (let i = 0; i < n; i++) {
    const c = await planCustomer(t);
    const { week } = await weekOf(t, c);
    const chosen = await c.visitor.put(`${API}/schedule_weeks/${week.id}`, {
      items: [
        { product_variant_id: String(PUMPKIN), quantity: 1 },
        { product_variant_id: String(CARBONARA), quantity: 1 },
      ],
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    plans.push(c);
  }
  return plans;
}

const stockOf = async (variant: number) =>
  (
    await db()
      .select({ left: productVariants.quantityAvailable })
      .from(productVariants)
      .where(eq(productVariants.id, variant))
  )[0]!.left;

const setStock = (variant: number, left: number) =>
  db().update(productVariants).set({ quantityAvailable: left }).where(eq(productVariants.id, variant));

const dishesOf = async (orderId: string) =>
  (
    await db()
      .select({ variant: orderLineItems.productVariantId, quantity: orderLineItems.quantity })
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, orderId))
  ).map((line) => [line.variant, line.quantity] as const);

/** Every box was billed once and charged once, with one succeeded payment. */
async function chargedOnce(plans: readonly PlanCustomer[]) {
  for (const c of plans) {
    const { box } = await weekOf(t, c);
    expect(box.state).toBe('paid');
    expect((await paymentsOf(t, box.checkoutId)).map((p) => p.status)).toEqual(['succeeded']);
    expect(await processorCharges(t, box.checkoutId)).toBe(1);
    const billed = await db()
      .select()
      .from(stateChanges)
      .where(and(eq(stateChanges.subjectId, box.id), eq(stateChanges.toState, 'billed')));
    expect(billed).toHaveLength(1);
    expect(await emailsTo(t, c.email, 'plan_charged')).toHaveLength(1);
  }
}

/** How many of the plans' boxes send a pumpkin ravioli now (two dishes each, whatever they are). */
async function pumpkinBoxes(plans: readonly PlanCustomer[]): Promise<number> {
  let n = 0;
  for (const c of plans) {
    const dishes = await dishesOf((await weekOf(t, c)).box.id);
    expect(dishes.reduce((sum, [, quantity]) => sum + quantity, 0)).toBe(2);
    if (dishes.some(([variant]) => variant === PUMPKIN)) n += 1;
  }
  return n;
}

describe('weekly billing in batches', { timeout: 120_000 }, () => {
  test('a dish that runs short mid-batch goes to the first boxes while it lasts, the rest get the chef’s pick, and is never oversold', async () => {
    const plans = await plansWithPumpkin(3);
    await setStock(PUMPKIN, 2);
    const carbonara = await stockOf(CARBONARA);

    t.clock.set(CUTOFF);
    const pass = await t.app.services.planBilling.billDue();
    expect(pass).toMatchObject({ looked: 3, charged: 3 });
    await chargedOnce(plans);
    expect(await stockOf(PUMPKIN)).toBe(0);
    expect(await stockOf(CARBONARA)).toBe(carbonara - 3);
    expect(await pumpkinBoxes(plans)).toBe(2);
    const changed = await db()
      .select()
      .from(subscriptionEvents)
      .where(
        and(
          inArray(
            subscriptionEvents.subscriptionId,
            plans.map((c) => c.subscriptionId),
          ),
          eq(subscriptionEvents.action, 'box_changed'),
        ),
      );
    expect(changed).toHaveLength(1);
    expect(changed[0]!.summary).toContain('Pumpkin & Sage Ravioli sold out');
    const replaced = plans.find((c) => c.subscriptionId === changed[0]!.subscriptionId)!;
    const [email] = await emailsTo(t, replaced.email, 'plan_charged');
    expect(email?.text).toContain('Pumpkin & Sage Ravioli sold out');
  });

  test('a batch that finds a dish taken after it read the menu starts again with the menu read afresh, and never oversells', async () => {
    const [first, ...rest] = await plansWithPumpkin(4);
    const billing = t.app.services.planBilling;
    t.clock.set(CUTOFF);
    // The first box alone: the pass reads the week's menu (and keeps it for a minute).
    expect(await billing.billWeeks([(await weekOf(t, first!)).week.id])).toEqual(['charged']);
    // Then the last two pumpkin ravioli are all that is left, unknown to the menu the pass kept.
    await setStock(PUMPKIN, 2);
    const weeks = await Promise.all(rest.map(async (c) => (await weekOf(t, c)).week.id));
    expect(await billing.billWeeks(weeks)).toEqual(['charged', 'charged', 'charged']);
    await chargedOnce([first!, ...rest]);
    expect(await stockOf(PUMPKIN)).toBe(0);
    expect(await pumpkinBoxes(rest)).toBe(2);
  });

  test('a box whose plan was paused after the batch was claimed is skipped and never charged; the rest of the batch is', async () => {
    const plans = await plansWithPumpkin(3);
    const paused = plans[1]!;
    // Paused between the claim and the batch's locks: its box is still `created`.
    await db()
      .update(subscriptions)
      .set({ state: 'paused' })
      .where(eq(subscriptions.id, paused.subscriptionId));
    const pumpkin = await stockOf(PUMPKIN);

    t.clock.set(CUTOFF);
    const pass = await t.app.services.planBilling.billDue();
    expect(pass).toMatchObject({ looked: 3, charged: 2, skipped: 1 });
    await chargedOnce([plans[0]!, plans[2]!]);
    const { week, box } = await weekOf(t, paused);
    expect(box.state).toBe('skipped');
    expect(week.chargeDueAt).toBeNull();
    expect(week.chargeAttempts).toBe(0);
    expect(await paymentsOf(t, box.checkoutId)).toHaveLength(0);
    expect(await processorCharges(t, box.checkoutId)).toBe(0);
    expect(await stockOf(PUMPKIN)).toBe(pumpkin - 2);
  });

  test('two passes at once over the same weeks charge each once and take its stock once', async () => {
    const plans = await plansWithPumpkin(4);
    const pumpkin = await stockOf(PUMPKIN);
    const weeks = await Promise.all(plans.map(async (c) => (await weekOf(t, c)).week.id));
    t.clock.set(CUTOFF);
    const billing = t.app.services.planBilling;
    const [a, b] = await Promise.all([billing.billWeeks(weeks, 2), billing.billWeeks(weeks, 2)]);
    // Each week is charged by the pass that closed it; the other finds it billed and asks again with the
    // same attempt's key, which answers the same payment.
    for (const outcomes of [a, b]) expect(outcomes).toHaveLength(4);
    expect([...a!, ...b!].filter((outcome) => outcome === 'charged').length).toBeGreaterThanOrEqual(4);
    await chargedOnce(plans);
    expect(await stockOf(PUMPKIN)).toBe(pumpkin - 4);
    const due = await db()
      .select({ due: scheduleWeeks.chargeDueAt, attempts: scheduleWeeks.chargeAttempts })
      .from(scheduleWeeks)
      .where(inArray(scheduleWeeks.id, weeks));
    expect(due).toEqual(weeks.map(() => ({ due: null, attempts: 1 })));
  });
});
