import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  ScheduleBody,
  Subscription,
  SubscriptionEvent,
  UpdateSubscriptionBody,
} from '../../../contracts/subscriptions';
import { londonDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import type { OnBehalf } from './on-behalf';
import { ingredients, subscriptionIngredientPreferences, subscriptions } from '../../db/schema/subscriptions';
import type { Mover } from '../orders';
import { ownedPaymentMethod } from '../payments';
import type { ShopRulesCache } from '../shop';
import { cancelBox, lockPlanForChange, openWeeks, type PlanContext } from './plan-ahead';
import { applyActivate, applyPause, chargedBoxes, stopRetries } from './plan-pause';
import {
  applySchedule,
  applySettings,
  refuseCancelled,
  scheduleChangeOf,
  weekChangeView,
} from './plan-settings';
import { recordReceipt } from './plan-receipts';
import { moveSubscription, PLAN_NOT_FOUND, type SubscriptionRow } from './plan-store';
import { planHistory, subscriptionViews } from './plan-views';
import { refreshBoxes } from './week-changes';

// The Pasta Plan's settings (spec §7 Subscriptions; issue 12 parts 1 and 4): what a customer reads and
// changes about a plan as a whole. Each change happens in one transaction with the plan's open boxes
// locked, brings those boxes in step (plan-ahead.ts), and is written in the plan's history with an emailed
// receipt. Weeks past their cutoff are never changed, except their address and note until dispatch.

export class SubscriptionsService {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  private async context(onBehalf?: OnBehalf): Promise<PlanContext> {
    const now = this.clock.now();
    const actor = onBehalf?.actor ?? 'customer';
    return { rules: await this.rules.get(), now, today: londonDate(now), by: { actor, at: now } };
  }

  async list(customerId: string): Promise<Subscription[]> {
    const rows = await this.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, customerId))
      .orderBy(asc(subscriptions.createdAt));
    return subscriptionViews(this.db, rows, this.clock.now());
  }

  async get(customerId: string, id: string, db: DbOrTx = this.db): Promise<Subscription> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), eq(subscriptions.customerId, customerId)));
    if (!row) throw new DomainError('SUBSCRIPTION_NOT_FOUND', PLAN_NOT_FOUND);
    return (await subscriptionViews(db, [row], this.clock.now()))[0]!;
  }

  async history(customerId: string, id: string): Promise<SubscriptionEvent[]> {
    await this.get(customerId, id);
    return planHistory(this.db, id);
  }

  /** Runs a change with the plan locked (its open boxes first), then answers with the plan as it is. */
  private async change(
    customerId: string,
    id: string,
    work: (tx: DbOrTx, plan: SubscriptionRow, context: PlanContext) => Promise<void>,
    onBehalf?: OnBehalf,
  ): Promise<Subscription> {
    const context = await this.context(onBehalf);
    return this.db.transaction(async (tx) => {
      const plan = await lockPlanForChange(tx, id, context.now, customerId);
      const before = onBehalf ? await this.get(customerId, id, tx) : null;
      await work(tx, plan, context);
      const after = await this.get(customerId, id, tx);
      await onBehalf?.record(tx, before, after);
      return after;
    });
  }

  /** PUT /subscriptions/{id}: name, recipes, cocktails, note, dietary flags and addresses. */
  async update(customerId: string, id: string, body: UpdateSubscriptionBody): Promise<Subscription> {
    return this.change(customerId, id, (tx, plan, context) =>
      applySettings(tx, plan, body, context, customerId, this.publicUrl),
    );
  }

  /** PUT /subscriptions/{id}/schedule: the delivery weekday and how often, from the first open week on. */
  async changeSchedule(customerId: string, id: string, body: ScheduleBody): Promise<Subscription> {
    return this.change(customerId, id, (tx, plan, context) =>
      applySchedule(tx, plan, body, context, this.publicUrl),
    );
  }

  /** POST /subscriptions/{id}/schedule/preview: what a new schedule would do to each open week. */
  async previewSchedule(customerId: string, id: string, body: ScheduleBody) {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [plan] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, id), eq(subscriptions.customerId, customerId)));
      if (!plan) throw new DomainError('SUBSCRIPTION_NOT_FOUND', PLAN_NOT_FOUND);
      const { after, change } = await scheduleChangeOf(tx, plan, body, now);
      return { ...after, changes: change.changes.map(weekChangeView) };
    });
  }

  /**
   * POST /subscriptions/{id}/pause: for `weeks` weeks (1–8), or until the customer restarts it (null). No
   * boxes are made or charged meanwhile; a paused plan paused again takes the new length (plan-pause.ts).
   */
  async pause(
    customerId: string,
    id: string,
    weeks: number | null = null,
    onBehalf?: OnBehalf,
  ): Promise<Subscription> {
    return this.change(
      customerId,
      id,
      (tx, plan, context) => applyPause(tx, plan, weeks, context, this.publicUrl),
      onBehalf,
    );
  }

  /** POST /subscriptions/{id}/activate: a paused, failed or cancelled plan takes boxes again. */
  async activate(customerId: string, id: string, onBehalf?: OnBehalf): Promise<Subscription> {
    return this.change(
      customerId,
      id,
      (tx, plan, context) => applyActivate(tx, plan, context, this.publicUrl),
      onBehalf,
    );
  }

  /**
   * POST /subscriptions/{id}/cancel: one step, a reason optional. Boxes not yet charged are cancelled;
   * charged ones still arrive. Only the customer can restart the plan afterwards.
   */
  async cancel(
    customerId: string,
    id: string,
    reason: string | null,
    comment: string | null,
  ): Promise<Subscription> {
    return this.change(customerId, id, async (tx, plan, context) => {
      if (plan.state === 'cancelled') return;
      await moveSubscription(tx, plan.id, 'cancelled', context.by, {
        cancelledAt: context.now,
        cancelReason: [reason, comment].filter(Boolean).join(': ') || null,
      });
      await stopRetries(tx, plan.id, context.now);
      const open = await openWeeks(tx, plan.id, context.now);
      for (const week of open) {
        if (week.orderId) await cancelBox(tx, week.orderId, { ...context.by, reason: 'Plan cancelled' });
      }
      const coming = await chargedBoxes(tx, plan.id, context.now);
      await recordReceipt(
        tx,
        plan,
        {
          action: 'cancelled',
          summary: 'Cancelled the plan',
          weeks: open.map((week) => week.startDate),
          email: {
            subject: 'Your pasta plan is cancelled',
            heading: 'Your plan is cancelled',
            paragraphs: [
              'We’ve cancelled your pasta plan. We won’t make or charge any more boxes.',
              ...coming,
              'You can remove your saved card in your account, and restart your plan there any time.',
            ],
          },
        },
        context.by,
        this.publicUrl,
      );
    });
  }

  /** GET /ingredients. */
  async ingredients() {
    return this.db.select().from(ingredients).orderBy(asc(ingredients.position), asc(ingredients.name));
  }

  /** GET /subscriptions/{id}/ingredient_preferences. */
  async ingredientPreferences(customerId: string, id: string): Promise<string[]> {
    await this.get(customerId, id);
    const rows = await this.db
      .select({ id: subscriptionIngredientPreferences.ingredientId })
      .from(subscriptionIngredientPreferences)
      .where(eq(subscriptionIngredientPreferences.subscriptionId, id))
      .orderBy(asc(subscriptionIngredientPreferences.ingredientId));
    return rows.map((row) => row.id);
  }

  /** POST /subscriptions/{id}/ingredient_preferences: the whole list; the chef picks again. */
  async setIngredientPreferences(customerId: string, id: string, ids: string[]): Promise<string[]> {
    const wanted = [...new Set(ids)];
    await this.change(customerId, id, async (tx, plan, context) => {
      refuseCancelled(plan);
      const known = wanted.length
        ? await tx.select().from(ingredients).where(inArray(ingredients.id, wanted))
        : [];
      const unknown = wanted.filter((ingredient) => !known.some((row) => row.id === ingredient));
      if (unknown.length > 0) {
        throw new DomainError('VALIDATION_FAILED', `We don’t know the ingredient “${unknown[0]}”`, {
          ingredientIds: unknown,
        });
      }
      await tx
        .delete(subscriptionIngredientPreferences)
        .where(eq(subscriptionIngredientPreferences.subscriptionId, plan.id));
      if (wanted.length > 0) {
        await tx
          .insert(subscriptionIngredientPreferences)
          .values(wanted.map((ingredientId) => ({ subscriptionId: plan.id, ingredientId })));
      }
      await refreshBoxes(tx, plan, context, { chefOnly: true });
      await recordReceipt(
        tx,
        plan,
        {
          action: 'preferences_changed',
          summary: known.length
            ? `The chef leaves out: ${known.map((row) => row.name.toLowerCase()).join(', ')}`
            : 'The chef may use every ingredient',
        },
        context.by,
        this.publicUrl,
      );
    });
    return this.ingredientPreferences(customerId, id);
  }

  /** POST /subscriptions/change_payment_method: the plan is charged to another of the customer's cards. */
  async changePaymentMethod(
    customerId: string,
    subscriptionId: string,
    paymentMethodId: string,
  ): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const method = await ownedPaymentMethod(tx, customerId, paymentMethodId);
      const changed = await tx
        .update(subscriptions)
        .set({ paymentMethodId: method.id, updatedAt: now })
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)))
        .returning();
      if (changed.length === 0) throw new DomainError('SUBSCRIPTION_NOT_FOUND', PLAN_NOT_FOUND);
      const by: Mover = { actor: 'customer', at: now };
      const card =
        method.type === 'PaypalAccount' ? `PayPal (${method.email})` : `card ending ${method.last4}`;
      await recordReceipt(
        tx,
        changed[0]!,
        { action: 'card_changed', summary: `Boxes are now charged to your ${card}` },
        by,
        this.publicUrl,
      );
    });
  }
}
