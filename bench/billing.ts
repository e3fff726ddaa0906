import { FixedClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed/demo-seed';
import { createPaymentProcessors, paymentProcessorsOptions } from '../src/server/integrations/payments';
import { cachedShopRules } from '../src/server/modules/shop';
import { weekMenu } from '../src/server/modules/menu';
import { buildServices } from '../src/server/services';
import { priceBox } from '../src/server/modules/subscriptions/week-boxes';
import type { IsoDate } from '../src/domain/calendar';
import { londonDate } from '../src/domain/calendar';
import { weekCutoff } from '../src/domain/plans';

// Issue 12 part 6: N active plans billed for one week on PostgreSQL with the sandbox processor. The plans,
// cards (at the sandbox and in the shop), the week and its box (two dishes, priced as the shop prices them)
// are written in bulk SQL; then the week's cutoff comes and `plans-bill` runs as several workers would
// (BENCH_BILLING_PASSES passes at once, each billing BENCH_BILLING_CONCURRENCY boxes at a time), until no
// week is due. A second run at the same moment must charge nothing.

const WEEK = '2026-11-30' as IsoDate;
const DELIVERY = '2026-12-02' as IsoDate;
const SEEDED_AT = new Date('2026-11-18T10:00:00Z');

export interface BillingFigures {
  plans: number;
  passes: number;
  concurrency: number;
  seedSeconds: number;
  wallSeconds: number;
  chargesPerSecond: number;
  charged: number;
  processorCharges: number;
  failed: number;
  secondRunCharged: number;
  secondRunSeconds: number;
}

export async function billingBench(url: string, plans: number): Promise<BillingFigures> {
  const passes = Number(process.env.BENCH_BILLING_PASSES ?? 4);
  const concurrency = Number(process.env.BENCH_BILLING_CONCURRENCY ?? 4);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: passes * concurrency + 4 });
  try {
    const seedStarted = performance.now();
    await seedDemo(database.db, SEEDED_AT);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url });
    const rules = cachedShopRules(database.db);
    const menu = await weekMenu(database.db, WEEK);
    const dishes = menu.filter((dish) => dish.productType === 'Pasta Kit').slice(0, 2);
    const choice = dishes.map((dish) => ({
      variantId: dish.variants.find((v) => !v.isDouble)!.variantId,
      quantity: 1,
    }));
    const priced = priceBox(menu, choice, {
      weekStart: WEEK,
      deliveryDate: DELIVERY,
      rules: await rules.get(),
      voucher: null,
      today: londonDate(SEEDED_AT),
    });
    const address = {
      firstName: 'Ada',
      lastName: 'Bench',
      address1: '10 Downing Street',
      address2: null,
      city: 'London',
      zip: 'SW1A 2AA',
      company: null,
      region: null,
      country: 'United Kingdom',
      countryCode: 'GB',
      phone: null,
      lat: null,
      lon: null,
    };
    const lines = priced.lines
      .map(
        (line, position) =>
          `(${line.productVariantId}, ${literal(line.productVariantExtId)}, ${literal(line.title)}, ${literal(line.variantTitle)}, ${literal(line.sku)}, ${line.price}, ${line.quantity}, ${line.discount}, ${line.total}, ${position})`,
      )
      .join(', ');
    const cutoff = weekCutoff(WEEK).toISOString();
    const statements = [
      `insert into customers (id, email, first_name, referral_token)
         select md5('c'||i)::uuid, 'bench'||i||'@example.com', 'Ada', 'bench-ref-'||i from generate_series(1, ${plans}) i`,
      `insert into sandbox_customers (id, email) select 'cus_bench'||i, 'bench'||i||'@example.com' from generate_series(1, ${plans}) i`,
      `insert into processor_customers (customer_id, processor, ref)
         select md5('c'||i)::uuid, 'stripe', 'cus_bench'||i from generate_series(1, ${plans}) i`,
      `insert into sandbox_payment_methods (id, customer_id, type, brand, last4, exp_month, exp_year, behaviour)
         select 'pm_bench'||i, 'cus_bench'||i, 'card', 'visa', '4242', 12, 2030, 'succeed' from generate_series(1, ${plans}) i`,
      `insert into payment_methods (id, customer_id, type, processor, processor_ref, brand, last4, exp_month, exp_year, is_default)
         select md5('m'||i)::uuid, md5('c'||i)::uuid, 'CreditCard', 'stripe', 'pm_bench'||i, 'visa', '4242', 12, 2030, true
         from generate_series(1, ${plans}) i`,
      `insert into subscriptions (id, customer_id, name, state, delivery_day, first_delivery, frequency, anchor_week, number_of_recipes, shipping_address, payment_method_id)
         select md5('s'||i)::uuid, md5('c'||i)::uuid, 'Weekly pasta box', 'active', 3, '2026-11-25', 1, '2026-11-23', 2, ${literal(JSON.stringify(address))}::jsonb, md5('m'||i)::uuid
         from generate_series(1, ${plans}) i`,
      `insert into checkouts (id, customer_id, kind, state, subscription_id, total)
         select md5('k'||i)::uuid, md5('c'||i)::uuid, 'plan_week', 'open', md5('s'||i)::uuid, ${priced.total} from generate_series(1, ${plans}) i`,
      `insert into orders (id, customer_id, checkout_id, subscription_id, source, state, meal_week, delivery_date, shipping_address, subtotal, total_discounts, shipping_price, total)
         select md5('o'||i)::uuid, md5('c'||i)::uuid, md5('k'||i)::uuid, md5('s'||i)::uuid, 'subscription', 'created', '${WEEK}', '${DELIVERY}',
                ${literal(JSON.stringify(address))}::jsonb, ${priced.subtotal}, ${priced.discount}, ${priced.shippingPrice}, ${priced.total}
         from generate_series(1, ${plans}) i`,
      `insert into order_line_items (order_id, product_variant_id, product_variant_ext_id, title, variant_title, sku, price, quantity, discount, total, position)
         select md5('o'||i)::uuid, l.* from generate_series(1, ${plans}) i
         cross join (values ${lines}) as l(variant, ext, title, vtitle, sku, price, quantity, discount, total, position)`,
      `insert into schedule_weeks (subscription_id, start_date, delivery_date, original_delivery_date, billing_date, order_id, charge_due_at)
         select md5('s'||i)::uuid, '${WEEK}', '${DELIVERY}', '${DELIVERY}', '2026-11-27', md5('o'||i)::uuid, '${cutoff}'
         from generate_series(1, ${plans}) i`,
      `update product_variants set quantity_available = 100000000 where id in (${choice.map((c) => c.variantId).join(', ')})`,
      'analyze',
    ];
    for (const statement of statements) await database.executeSql(statement);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const clock = new FixedClock(weekCutoff(WEEK));
    const processors = createPaymentProcessors(paymentProcessorsOptions(config, database.db));
    const log = { warn: () => {}, error: () => {} };
    const services = buildServices({ config, database, clock, rules, processors, log });
    const run = async () => {
      const started = performance.now();
      const results = await Promise.all(
        Array.from({ length: passes }, () => services.planBilling.billDue({ batch: 200, concurrency })),
      );
      return {
        seconds: (performance.now() - started) / 1000,
        charged: results.reduce((sum, r) => sum + r.charged, 0),
        failed: results.reduce((sum, r) => sum + r.failed, 0),
      };
    };
    const first = await run();
    const [intents] = (
      await database.executeSql(
        "select count(*)::int as n from sandbox_payment_intents where status = 'succeeded'",
      )
    ).rows as { n: number }[];
    // Again at the same moment: every week is billed, nothing is due, nothing is charged.
    const second = await run();
    return {
      plans,
      passes,
      concurrency,
      seedSeconds: round(seedSeconds),
      wallSeconds: round(first.seconds),
      chargesPerSecond: round(first.charged / first.seconds),
      charged: first.charged,
      processorCharges: intents?.n ?? 0,
      failed: first.failed,
      secondRunCharged: second.charged,
      secondRunSeconds: round(second.seconds),
    };
  } finally {
    await database.close();
  }
}

const round = (n: number) => Math.round(n * 10) / 10;
const literal = (value: string | null) => (value === null ? 'null' : `'${value.replaceAll("'", "''")}'`);

/** `node --import tsx bench/billing.ts postgres://…/db [plans]`: one run on its own. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2];
  if (!url) throw new Error('Usage: bench/billing.ts <postgres url> [plans]');
  console.log(JSON.stringify(await billingBench(url, Number(process.argv[3] ?? 100_000)), null, 2));
}
