import { asc, eq, inArray, lte } from 'drizzle-orm';
import { londonDate, type IsoDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { billingStep, type BillingStep } from '../../../domain/plan-billing';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { scheduleWeeks } from '../../db/schema/subscriptions';
import { takeStock, weekMenu, type WeekMenuDish } from '../menu';
import { lockCheckout, type Mover, type OrderRow } from '../orders';
import type { PaymentsService } from '../payments';
import type { ShopRulesCache } from '../shop';
import { closeBox, type ClosedBox } from './box-cutoff';
import { chargeRefused, giveUpBox, lastFailureOf, notSent, skipAtCutoff } from './box-endings';
import { lockPlan, recordPlanEvent } from './plan-store';
import { planAheadAll, remindDue } from './plan-sweeps';
import type { ScheduleService } from './schedule.service';

// Weekly billing (issue 12 part 2; docs/decisions/0022), the `plans-bill` job: every schedule week whose
// `charge_due_at` has come (its cutoff, a retry, its dispatch deadline) is looked at once, and what to do is
// the domain's `billingStep`. Safe with any number of workers and passes at once:
//  - a pass claims due weeks in a short transaction of its own (`for update skip locked`), pushing their
//    `charge_due_at` a lease ahead, so two passes never take the same week (a worker that dies leaves it to
//    be looked at again when the lease ends);
//  - each week is then handled under the money path's locks (its box's checkout, then its plan, then the
//    week) and its state checked again there;
//  - a charge is made by payments with the key `plan:{weekId}:{attempt}`: the same attempt asked for twice
//    is the same payment row and, at the processor, the same charge.

/** How long a claimed week is left to its worker before another may look at it. */
export const BILLING_LEASE_MS = 10 * 60 * 1000;
const ACTOR = 'job:plans-bill';

export interface BillingPass {
  looked: number;
  charged: number;
  failed: number;
  skipped: number;
  notSent: number;
  givenUp: number;
}

type Outcome = 'charged' | 'failed' | 'skipped' | 'not_sent' | 'given_up' | 'other';

type Decided =
  | { kind: 'none'; outcome: Outcome }
  | { kind: 'charge'; checkoutId: string; methodId: string | null; key: string; weekId: string }
  | { kind: 'give_up'; checkoutId: string };

export class PlanBillingService {
  private menus = new Map<string, { at: number; menu: WeekMenuDish[] }>();

  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly payments: PaymentsService,
    private readonly schedule: ScheduleService,
    /** Weeks billed at once by one pass (1 on the embedded database's one connection). */
    private readonly concurrency: number,
  ) {}

  /** `plans-remind`: the emails two days before each cutoff (plan-sweeps.ts). */
  remindDue(): Promise<number> {
    return remindDue(this.db, this.schedule, this.clock.now());
  }

  /** `plans-ahead`: every live plan's weeks and boxes written ahead (plan-sweeps.ts). */
  async planAheadAll(): Promise<number> {
    const now = this.clock.now();
    return planAheadAll(this.db, {
      rules: await this.rules.get(),
      now,
      by: { actor: 'job:plans-ahead', at: now },
    });
  }

  /** Bills every week due now, claiming `batch` at a time; returns what happened. */
  async billDue({ batch = 100, concurrency = this.concurrency } = {}): Promise<BillingPass> {
    const pass: BillingPass = { looked: 0, charged: 0, failed: 0, skipped: 0, notSent: 0, givenUp: 0 };
    this.menus.clear();
    for (;;) {
      const claimed = await this.claim(batch);
      if (claimed.length === 0) return pass;
      let next = 0;
      const worker = async () => {
        while (next < claimed.length) {
          const id = claimed[next++]!;
          const outcome = await this.billWeek(id);
          pass.looked += 1;
          if (outcome === 'charged') pass.charged += 1;
          else if (outcome === 'failed') pass.failed += 1;
          else if (outcome === 'skipped') pass.skipped += 1;
          else if (outcome === 'not_sent') pass.notSent += 1;
          else if (outcome === 'given_up') pass.givenUp += 1;
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    }
  }

  /** Due weeks, claimed for one lease: nobody else takes them meanwhile. */
  private async claim(batch: number): Promise<string[]> {
    const now = this.clock.now();
    const due = this.db
      .select({ id: scheduleWeeks.id })
      .from(scheduleWeeks)
      .where(lte(scheduleWeeks.chargeDueAt, now))
      .orderBy(asc(scheduleWeeks.chargeDueAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    const rows = await this.db
      .update(scheduleWeeks)
      .set({ chargeDueAt: new Date(now.getTime() + BILLING_LEASE_MS) })
      .where(inArray(scheduleWeeks.id, due))
      .returning({ id: scheduleWeeks.id });
    return rows.map((row) => row.id);
  }

  /** Looks at one claimed week and does what is due. Never throws for one week's trouble: it is logged by
   * the lease (the week is looked at again when it ends). */
  async billWeek(weekId: string): Promise<Outcome> {
    for (let tries = 0; ; tries++) {
      try {
        const decided = await this.decide(weekId, tries > 0);
        if (decided.kind === 'none') return decided.outcome;
        if (decided.kind === 'give_up') return await this.giveUp(weekId, decided.checkoutId);
        return await this.charge(decided);
      } catch (error) {
        // Another box took the last portions of a dish between reading the menu and taking them.
        if (error instanceof DomainError && error.code === 'OUT_OF_STOCK' && tries < 2) continue;
        if (error instanceof DomainError && error.code === 'CONFLICT') return 'other';
        throw error;
      }
    }
  }

  private by(reason: string | null = null): Mover {
    return { actor: ACTOR, reason, at: this.clock.now() };
  }

  /** The week's menu, read once a minute per pass (fresh after another box took the last of a dish). */
  private async menuOf(tx: DbOrTx, week: string, fresh: boolean): Promise<WeekMenuDish[]> {
    const now = Date.now();
    const known = this.menus.get(week);
    if (known && !fresh && now - known.at < 60_000) return known.menu;
    const menu = await weekMenu(tx, week);
    this.menus.set(week, { at: now, menu });
    return menu;
  }

  /** Under the week's locks: what is due, and everything that happens in the database before a charge. */
  private decide(weekId: string, freshMenu: boolean): Promise<Decided> {
    return this.db.transaction(async (tx): Promise<Decided> => {
      const [ref] = await tx
        .select({ subscriptionId: scheduleWeeks.subscriptionId, orderId: scheduleWeeks.orderId })
        .from(scheduleWeeks)
        .where(eq(scheduleWeeks.id, weekId));
      if (!ref) return { kind: 'none', outcome: 'other' };
      const [boxRef] = ref.orderId
        ? await tx.select({ checkoutId: orders.checkoutId }).from(orders).where(eq(orders.id, ref.orderId))
        : [];
      const checkout = boxRef ? await lockCheckout(tx, boxRef.checkoutId) : null;
      const plan = await lockPlan(tx, ref.subscriptionId);
      const [week] = await tx.select().from(scheduleWeeks).where(eq(scheduleWeeks.id, weekId)).for('update');
      if (!plan || !week) return { kind: 'none', outcome: 'other' };
      const [box] = week.orderId ? await tx.select().from(orders).where(eq(orders.id, week.orderId)) : [];
      const now = this.clock.now();
      const unpaid = box && (box.state === 'payment_pending' || box.state === 'not_authorized');
      const step: BillingStep = billingStep({
        now,
        weekStart: week.startDate as IsoDate,
        deliveryDate: week.deliveryDate as IsoDate,
        weekState: week.state,
        planState: plan.state,
        box: box ? { source: box.source, state: box.state } : null,
        attempts: week.chargeAttempts,
        lastFailure: unpaid && checkout ? await lastFailureOf(tx, checkout.id) : null,
      });
      const setDue = (chargeDueAt: Date | null, more: { chargeAttempts?: number } = {}) =>
        tx
          .update(scheduleWeeks)
          .set({ chargeDueAt, ...more })
          .where(eq(scheduleWeeks.id, weekId));
      const context = { by: this.by(), publicUrl: this.publicUrl };
      switch (step.kind) {
        case 'done':
          await setDue(null);
          return { kind: 'none', outcome: 'other' };
        case 'skip':
          await skipAtCutoff(
            tx,
            box!,
            week.state === 'skipped' ? 'Week skipped' : `Plan ${plan.state}`,
            context.by,
          );
          await setDue(null);
          return { kind: 'none', outcome: 'skipped' };
        case 'not_sent':
          await notSent(
            tx,
            box!,
            context,
            'Our kitchen couldn’t take the payment for it in time to pack it, so we haven’t sent it.',
          );
          await setDue(null);
          return { kind: 'none', outcome: 'not_sent' };
        case 'wait':
          await setDue(step.until);
          return { kind: 'none', outcome: 'other' };
        case 'give_up':
          return { kind: 'give_up', checkoutId: checkout!.id };
        case 'charge':
          break;
      }
      let stock: ClosedBox['stock'] = [];
      if (box!.state === 'created') {
        const rules = await this.rules.get(tx);
        const menu = await this.menuOf(tx, week.startDate, freshMenu);
        const closed = await closeBox(tx, plan, week, box!, {
          rules,
          today: londonDate(now),
          by: context.by,
          menu,
        });
        if (!closed) {
          await notSent(
            tx,
            box!,
            context,
            'Every dish for it sold out and nothing else on the menu suits your plan, so we haven’t sent it.',
          );
          await setDue(null);
          return { kind: 'none', outcome: 'not_sent' };
        }
        stock = closed.stock;
        for (const note of closed.notes) {
          await recordPlanEvent(
            tx,
            { subscriptionId: plan.id, action: 'box_changed', summary: note, weeks: [week.startDate] },
            context.by,
          );
        }
      }
      await setDue(new Date(now.getTime() + BILLING_LEASE_MS), { chargeAttempts: step.attempt });
      // Last, so that the rows every box of the week updates are held only until the commit.
      await takeStock(tx, stock);
      if (!plan.paymentMethodId) {
        await chargeRefused(
          tx,
          { ...box!, state: 'billed' },
          week,
          { message: 'Your plan has no card to charge.', hardDecline: false },
          context,
        );
        return { kind: 'none', outcome: 'failed' };
      }
      return {
        kind: 'charge',
        checkoutId: checkout!.id,
        methodId: plan.paymentMethodId,
        key: `plan:${weekId}:${step.attempt}`,
        weekId,
      };
    });
  }

  /** The charge itself, outside any transaction; its answer is recorded by payments and the plan_week kind. */
  private async charge(decided: Extract<Decided, { kind: 'charge' }>): Promise<Outcome> {
    try {
      const payment = await this.payments.chargeOffSession({
        checkoutId: decided.checkoutId,
        paymentMethodId: decided.methodId!,
        idempotencyKey: decided.key,
        actor: ACTOR,
      });
      if (!payment) return 'other';
      return payment.status === 'succeeded' ? 'charged' : payment.status === 'failed' ? 'failed' : 'other';
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.code === 'PAYMENT_PROCESSOR_ERROR') return 'other'; // replayed by recovery, or at the lease's end
      if (error.code !== 'PAYMENT_DECLINED' && error.code !== 'PAYMENT_METHOD_NOT_FOUND') throw error;
      // Never charged: a card that had a hard decline, or one no longer in the account.
      await this.db.transaction(async (tx) => {
        const checkout = await lockCheckout(tx, decided.checkoutId);
        const [week] = await tx
          .select()
          .from(scheduleWeeks)
          .where(eq(scheduleWeeks.id, decided.weekId))
          .for('update');
        const [box] = await tx
          .select()
          .from(orders)
          .where(eq(orders.checkoutId, decided.checkoutId))
          .limit(1);
        if (!checkout || !week || !box || box.state !== 'billed') return;
        await chargeRefused(
          tx,
          box,
          week,
          {
            message:
              error.code === 'PAYMENT_DECLINED'
                ? 'Your card was declined before, so we won’t try it again. Please pay with another card.'
                : 'The card on your plan is no longer in your account.',
            hardDecline: error.code === 'PAYMENT_DECLINED',
          },
          { by: this.by(), publicUrl: this.publicUrl },
        );
      });
      return 'failed';
    }
  }

  /** Unpaid at its dispatch deadline: given up in one transaction, locks in the money path's order. */
  private async giveUp(weekId: string, checkoutId: string): Promise<Outcome> {
    const given = await this.db.transaction(async (tx) => {
      const checkout = await lockCheckout(tx, checkoutId);
      const [box] = await tx.select().from(orders).where(eq(orders.checkoutId, checkoutId)).limit(1);
      if (!checkout || checkout.state !== 'open' || !box) return false;
      if (!['billed', 'payment_pending', 'not_authorized'].includes(box.state)) return false;
      await giveUpBox(tx, checkout, box as OrderRow, {
        by: this.by(),
        rules: await this.rules.get(tx),
        publicUrl: this.publicUrl,
      });
      await tx.update(scheduleWeeks).set({ chargeDueAt: null }).where(eq(scheduleWeeks.id, weekId));
      return true;
    });
    // What was given up at the processor's end (a 3-D Secure check left open) is cancelled there now.
    if (given) await this.payments.cancelAbandonedIntents().catch(() => 0);
    return given ? 'given_up' : 'other';
  }
}
