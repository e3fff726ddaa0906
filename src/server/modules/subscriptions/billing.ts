import { asc, eq, inArray, lte } from 'drizzle-orm';
import { londonDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { inParallel } from '../../concurrency';
import { scheduleWeeks } from '../../db/schema/subscriptions';
import { weekMenu, type WeekMenuDish } from '../menu';
import { checkoutOrderRow, lockCheckout, type Mover, type OrderRow } from '../orders';
import type { PaymentRow, PaymentsService } from '../payments';
import type { ShopRulesCache } from '../shop';
import { decideWeeks, type DecideContext, type Decided, type Outcome } from './billing-decide';
import { chargeRefused, giveUpBox } from './box-endings';
import { planAheadAll, remindDue } from './plan-sweeps';
import { remindRestarts, restartPausedPlans } from './plan-pause';
import type { ScheduleService } from './schedule.service';

// Weekly billing (issue 12 part 2; docs/decisions/0022), the `plans-bill` job: every schedule week whose
// `charge_due_at` has come (its cutoff, a retry, its dispatch deadline) is looked at once, and what to do is
// the domain's `billingStep`. Safe with any number of workers and passes at once:
//  - a pass claims due weeks in a short transaction of its own (`for update skip locked`), pushing their
//    `charge_due_at` a lease ahead, so two passes never take the same week (a worker that dies leaves it to
//    be looked at again when the lease ends);
//  - the claimed weeks are then decided together in one transaction under the money path's locks (their
//    boxes' checkouts in id order, their plans, the weeks, the boxes) and their states checked again there;
//    the boxes due at their cutoff are closed as one batch with one stock update per dish (billing-decide.ts,
//    box-cutoff.ts), falling back to one week at a time when a dish is found short;
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

type Charge = Extract<Decided, { kind: 'charge' }>;

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

  /**
   * `plans-remind`: the emails two days before each cutoff (plan-sweeps.ts), and three days before a paused
   * plan restarts by itself (plan-pause.ts).
   */
  async remindDue(): Promise<number> {
    const now = this.clock.now();
    const boxes = await remindDue(this.db, this.schedule, now);
    return boxes + (await remindRestarts(this.db, this.schedule, now, this.publicUrl));
  }

  /**
   * `plans-ahead`: plans whose pause has ended restart (plan-pause.ts), then every live plan's weeks and
   * boxes are written ahead (plan-sweeps.ts).
   */
  async planAheadAll(): Promise<number> {
    const now = this.clock.now();
    const context = { rules: await this.rules.get(), now, by: { actor: 'job:plans-ahead', at: now } };
    await restartPausedPlans(this.db, { ...context, today: londonDate(now) }, this.publicUrl);
    return planAheadAll(this.db, context);
  }

  /**
   * Bills every week due now, claiming `batch` at a time; returns what happened. `lanes` batches are under
   * way at once (while one is at the processor, the next is being claimed and closed): 2 on PostgreSQL.
   */
  async billDue({
    batch = 100,
    concurrency = this.concurrency,
    lanes = undefined as number | undefined,
  } = {}): Promise<BillingPass> {
    const pass: BillingPass = { looked: 0, charged: 0, failed: 0, skipped: 0, notSent: 0, givenUp: 0 };
    this.menus.clear();
    const lane = async () => {
      for (;;) {
        const claimed = await this.claim(batch);
        if (claimed.length === 0) return;
        for (const outcome of await this.billWeeks(claimed, concurrency)) {
          pass.looked += 1;
          if (outcome === 'charged') pass.charged += 1;
          else if (outcome === 'failed') pass.failed += 1;
          else if (outcome === 'skipped') pass.skipped += 1;
          else if (outcome === 'not_sent') pass.notSent += 1;
          else if (outcome === 'given_up') pass.givenUp += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, lanes ?? (concurrency > 1 ? 2 : 1)) }, lane));
    return pass;
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

  /**
   * Bills claimed weeks: decided in one transaction for the whole batch (boxes closed together, one stock
   * update per dish), then charged `concurrency` at a time. When the batch keeps finding a dish short
   * (another transaction took it meanwhile) or one of its weeks is in trouble, each week is billed on its
   * own. Safe to call twice at once with the same weeks: each is charged once.
   */
  async billWeeks(weekIds: readonly string[], concurrency = this.concurrency): Promise<Outcome[]> {
    const decided = await this.decideBatch(weekIds);
    if (!decided) return inParallel(weekIds, concurrency, (id) => this.billWeek(id));
    const charges: Charge[] = [];
    const rest: Decided[] = [];
    for (const one of decided.values()) (one.kind === 'charge' ? charges : rest).push(one);
    return [
      ...(await this.chargeAll(charges, concurrency)),
      ...(await inParallel(rest, concurrency, (one) => this.act(one))),
    ];
  }

  /** The batch decided in one transaction, tried again with the menu read afresh; null: one at a time. */
  private async decideBatch(weekIds: readonly string[]): Promise<Map<string, Decided> | null> {
    if (weekIds.length === 1) return null;
    for (let tries = 0; tries < 2; tries++) {
      try {
        return await this.db.transaction((tx) => decideWeeks(tx, weekIds, this.context(tx, tries > 0)));
      } catch (error) {
        if (error instanceof DomainError && error.code === 'OUT_OF_STOCK') continue;
        if (error instanceof DomainError && error.code === 'CONFLICT') return null;
        throw error;
      }
    }
    return null;
  }

  /** Looks at one claimed week and does what is due. Never throws for one week's trouble: it is logged by
   * the lease (the week is looked at again when it ends). */
  async billWeek(weekId: string): Promise<Outcome> {
    for (let tries = 0; ; tries++) {
      try {
        const decided = await this.db.transaction((tx) =>
          decideWeeks(tx, [weekId], this.context(tx, tries > 0)),
        );
        return await this.act(decided.get(weekId) ?? { kind: 'none', outcome: 'other' });
      } catch (error) {
        // Another box took the last portions of a dish between reading the menu and taking them.
        if (error instanceof DomainError && error.code === 'OUT_OF_STOCK' && tries < 2) continue;
        if (error instanceof DomainError && error.code === 'CONFLICT') return 'other';
        throw error;
      }
    }
  }

  private act(decided: Decided): Promise<Outcome> {
    if (decided.kind === 'none') return Promise.resolve(decided.outcome);
    if (decided.kind === 'give_up') return this.giveUp(decided.checkoutId, decided.withdrawn);
    return this.charge(decided);
  }

  private context(tx: DbOrTx, freshMenu: boolean): DecideContext {
    const now = this.clock.now();
    return {
      now,
      by: this.by(),
      publicUrl: this.publicUrl,
      leaseMs: BILLING_LEASE_MS,
      rules: () => this.rules.get(tx),
      menu: (week) => this.menuOf(tx, week, freshMenu),
    };
  }

  private by(reason: string | null = null): Mover {
    return { actor: ACTOR, reason, at: this.clock.now() };
  }

  /** The week's menu, read once a minute (fresh after a dish was found short between reading and taking). */
  private async menuOf(tx: DbOrTx, week: string, fresh: boolean): Promise<WeekMenuDish[]> {
    const now = Date.now();
    const known = this.menus.get(week);
    if (known && !fresh && now - known.at < 60_000) return known.menu;
    const menu = await weekMenu(tx, week);
    this.menus.set(week, { at: now, menu });
    return menu;
  }

  /**
   * The charges of a batch: their payment rows written in one transaction, the processor asked
   * `concurrency` at a time, the charges that succeeded recorded in one transaction (payments'
   * `chargeOffSessionMany`). A batch of one is charged as one.
   */
  private async chargeAll(charges: readonly Charge[], concurrency: number): Promise<Outcome[]> {
    if (charges.length <= 1) return inParallel(charges, 1, (one) => this.charge(one));
    const answers = await this.payments.chargeOffSessionMany(
      charges.map((one) => this.offSession(one)),
      concurrency,
    );
    return inParallel(charges, concurrency, (one, at) => this.outcomeOf(one, answers[at]!));
  }

  /** The charge itself, outside any transaction; its answer is recorded by payments and the plan_week kind. */
  private async charge(decided: Charge): Promise<Outcome> {
    try {
      return this.outcomeOf(decided, await this.payments.chargeOffSession(this.offSession(decided)));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return this.outcomeOf(decided, error);
    }
  }

  private offSession(decided: Charge) {
    return {
      checkoutId: decided.checkoutId,
      paymentMethodId: decided.methodId,
      idempotencyKey: decided.key,
      actor: ACTOR,
    };
  }

  /** What a charge's answer means for its week. */
  private async outcomeOf(decided: Charge, answer: PaymentRow | null | DomainError): Promise<Outcome> {
    if (answer === null) return 'other';
    if (!(answer instanceof DomainError)) {
      return answer.status === 'succeeded' ? 'charged' : answer.status === 'failed' ? 'failed' : 'other';
    }
    const error = answer;
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
      const box = await checkoutOrderRow(tx, decided.checkoutId);
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

  /** Unpaid at its dispatch deadline: given up in one transaction, locks in the money path's order. */
  private async giveUp(checkoutId: string, withdrawn: boolean): Promise<Outcome> {
    const given = await this.db.transaction(async (tx) => {
      const checkout = await lockCheckout(tx, checkoutId);
      const box = await checkoutOrderRow(tx, checkoutId);
      if (!checkout || checkout.state !== 'open' || !box) return false;
      if (!['billed', 'payment_pending', 'not_authorized'].includes(box.state)) return false;
      await giveUpBox(tx, checkout, box as OrderRow, {
        by: this.by(),
        rules: await this.rules.get(tx),
        publicUrl: this.publicUrl,
        withdrawn,
      });
      await tx.update(scheduleWeeks).set({ chargeDueAt: null }).where(eq(scheduleWeeks.orderId, box.id));
      return true;
    });
    // What was given up at the processor's end (a 3-D Secure check left open) is cancelled there now.
    if (given) await this.payments.cancelAbandonedIntents().catch(() => 0);
    return given ? 'given_up' : 'other';
  }
}
