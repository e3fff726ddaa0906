import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { PaymentMethod, SetupIntentView } from '../../../contracts/payments';
import { DomainError } from '../../../domain/errors';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { paymentMethods, processorCustomers } from '../../db/schema/payments';
import {
  PaymentProcessorError,
  type PaymentProcessors,
  type ProcessorName,
} from '../../integrations/payments/port';
import { newToken } from '../../security/tokens';
import { askProcessor, unreachable } from './processor-answers';
import { ensureProcessorCustomer, renewProcessorCustomer } from './processor-customers';
import { tidyCards } from './provisional-cards';
import { lockCustomer } from '../customers';

// Saved cards and PayPal accounts (issue 4 part 2; spec §4 Payment cards):
// - removing the last card an active subscription uses is blocked;
// - the default card cannot be removed while others exist;
// - removing a card moves its subscriptions to the default card.
// Each card says which rule keeps it (`removal`), so the account refuses before asking (issue 19).
// A card typed at a checkout is provisional until its payment goes through (provisional-cards.ts): it is
// not listed, cannot be the default and cannot be chosen for a plan.
// What a card pays for (plans today) is asked through `PaymentMethodUsers`, so payments knows nothing of it.

type MethodRow = typeof paymentMethods.$inferSelect;
type Removal = PaymentMethod['removal'];
export const GONE = 'That card is no longer saved. Choose another card, or add it again.';

const REFUSALS = {
  active_plan: 'This card pays for your active pasta plan. Add another card before removing this one.',
  default_card:
    'This is your default card. Make another card the default first, then you can remove this one.',
} as const;

/** Spec §4 Payment cards: why a saved card cannot be removed now, or null. */
function removalOf(card: { isDefault: boolean }, others: number, activePlan: boolean): Removal {
  if (others === 0 && activePlan) return { rule: 'active_plan', message: REFUSALS.active_plan };
  if (card.isDefault && others > 0) return { rule: 'default_card', message: REFUSALS.default_card };
  return null;
}

/** Whatever is charged to saved methods (registered in services.ts: the plans). */
export interface PaymentMethodUsers {
  /** Which of these methods pays for what (a plan's id), for the list of methods. */
  usesOf(db: DbOrTx, methodIds: readonly string[]): Promise<{ methodId: string; userId: string }[]>;
  /** What a method pays for that may still be charged, and whether any of it is active now. */
  liveUsesOf(tx: DbOrTx, methodId: string): Promise<{ id: string; active: boolean }[]>;
  /** Moves those to another method (or none). */
  moveUses(tx: DbOrTx, ids: readonly string[], to: string | null, at: Date): Promise<void>;
}

/** The customer's saved method, or PAYMENT_METHOD_NOT_FOUND (another customer's is not found either). */
export async function ownedPaymentMethod(db: DbOrTx, customerId: string, id: string): Promise<MethodRow> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, id),
        eq(paymentMethods.customerId, customerId),
        isNull(paymentMethods.provisional),
      ),
    );
  if (!row) throw new DomainError('PAYMENT_METHOD_NOT_FOUND', GONE);
  return row;
}

export class PaymentMethodsService {
  constructor(
    private readonly db: Db,
    private readonly processors: PaymentProcessors,
    private readonly publicUrl: string,
    private readonly sandbox: boolean,
    private readonly users: PaymentMethodUsers,
    private readonly clock: Clock,
  ) {}

  async list(customerId: string): Promise<PaymentMethod[]> {
    const rows = await this.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.customerId, customerId), isNull(paymentMethods.provisional)))
      .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.createdAt));
    return this.views(this.db, rows);
  }

  /** Deletes forgotten and abandoned provisional cards (provisional-cards.ts): recovery, and after paying. */
  tidy(customerId?: string): Promise<number> {
    return tidyCards(this.db, this.processors, this.users, this.clock.now(), customerId);
  }

  /** Starts saving a card (the card form confirms the setup intent) or a PayPal account (approval page). */
  async setup(
    customerId: string,
    body: { type: 'CreditCard' | 'PaypalAccount'; paymentProcessorName: ProcessorName; returnPath?: string },
  ): Promise<SetupIntentView> {
    const processorName: ProcessorName = body.type === 'PaypalAccount' ? 'paypal' : 'stripe';
    if (body.paymentProcessorName !== processorName) {
      throw new DomainError(
        'VALIDATION_FAILED',
        body.type === 'PaypalAccount'
          ? 'PayPal accounts are saved with paypal'
          : 'Cards are saved with stripe',
      );
    }
    const processor = this.processors[processorName];
    const key = `setup:${customerId}:${newToken(12)}`;
    const start = (customerRef: string, idempotencyKey: string) =>
      processor.createSetupIntent(
        {
          customerRef,
          type: processorName === 'paypal' ? 'paypal' : 'card',
          returnUrl: `${this.publicUrl}${body.returnPath ?? '/paypal-setup-confirmation'}`,
        },
        idempotencyKey,
      );
    const intent = await askProcessor('open the card form', async () => {
      const customerRef = await ensureProcessorCustomer(this.db, processor, customerId);
      try {
        return await start(customerRef, key);
      } catch (error) {
        // The processor lost our customer (reset): a new one, and the card is saved there (issue 19).
        if (!(error instanceof PaymentProcessorError && error.code === 'resource_missing')) throw error;
        if (error.param !== 'customer') throw error;
        const renewed = await renewProcessorCustomer(this.db, processor, customerId, customerRef);
        return start(renewed, `${key}:renewed`);
      }
    });
    return {
      id: intent.id,
      paymentProcessorName: processorName,
      type: body.type,
      status: intent.status,
      clientSecret: intent.clientSecret,
      nextActionUrl: intent.nextActionUrl,
      cardFormUrl:
        this.sandbox && processorName === 'stripe'
          ? `/sandbox/stripe/card-form?client_secret=${encodeURIComponent(intent.clientSecret)}`
          : null,
    };
  }

  /** Saves what a confirmed setup intent holds; the same intent twice gives the same card. */
  async create(
    customerId: string,
    body: {
      setupIntentId: string;
      paymentProcessorName: ProcessorName;
      type: 'CreditCard' | 'PaypalAccount';
      makeDefault?: boolean;
      untilPaid?: boolean;
    },
  ): Promise<PaymentMethod> {
    const [already] = await this.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.setupIntentId, body.setupIntentId));
    if (already) {
      if (already.customerId !== customerId)
        throw new DomainError('NOT_FOUND', 'We could not find that card setup');
      // Its payment did not go through: that card was not kept.
      if (already.provisional === 'forget') throw new DomainError('PAYMENT_METHOD_NOT_FOUND', GONE);
      return (await this.views(this.db, [already]))[0]!;
    }
    const processor = this.processors[body.paymentProcessorName];
    const [ref] = await this.db
      .select({ ref: processorCustomers.ref })
      .from(processorCustomers)
      .where(
        and(
          eq(processorCustomers.customerId, customerId),
          eq(processorCustomers.processor, body.paymentProcessorName),
        ),
      );
    let intent;
    try {
      intent = await processor.retrieveSetupIntent(body.setupIntentId);
    } catch (error) {
      // The processor did not answer: nothing was saved, and saying "not found" would not be true.
      if (error instanceof PaymentProcessorError && error.statusCode >= 500)
        throw unreachable('save your card');
      throw new DomainError('NOT_FOUND', 'We could not find that card setup');
    }
    // Another customer's setup intent is as good as unknown.
    if (!ref || intent.customerRef !== ref.ref)
      throw new DomainError('NOT_FOUND', 'We could not find that card setup');
    if (intent.status !== 'succeeded' || !intent.paymentMethod) {
      throw new DomainError(
        'VALIDATION_FAILED',
        intent.lastError?.message ?? 'The card details were not confirmed. Please try again.',
      );
    }
    const saved = intent.paymentMethod;
    const type = saved.type === 'paypal' ? 'PaypalAccount' : 'CreditCard';
    if (type !== body.type)
      throw new DomainError('VALIDATION_FAILED', 'That setup is for another kind of payment method');
    const row = await this.db.transaction(async (tx) => {
      await lockCustomer(tx, customerId);
      const [{ count, kept } = { count: 0, kept: 0 }] = await tx
        .select({
          count: sql<number>`count(*)::int`,
          kept: sql<number>`(count(*) filter (where ${paymentMethods.provisional} is null))::int`,
        })
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.customerId, customerId),
            sql`${paymentMethods.provisional} is distinct from 'forget'`,
          ),
        );
      if (count >= 20)
        throw new DomainError('CONFLICT', 'You can keep up to 20 cards. Please remove one first.');
      // A card for a payment is kept (and may become the default) only once that payment goes through.
      const provisional = body.untilPaid === true && type === 'CreditCard';
      const makeDefault = !provisional && (kept === 0 || body.makeDefault === true);
      if (makeDefault) {
        await tx
          .update(paymentMethods)
          .set({ isDefault: false })
          .where(eq(paymentMethods.customerId, customerId));
      }
      const [inserted] = await tx
        .insert(paymentMethods)
        .values({
          customerId,
          type,
          processor: body.paymentProcessorName,
          processorRef: saved.ref,
          setupIntentId: intent.id,
          brand: saved.brand,
          last4: saved.last4,
          expMonth: saved.expMonth,
          expYear: saved.expYear,
          email: saved.email,
          isDefault: makeDefault,
          provisional: provisional ? 'until_paid' : null,
        })
        .onConflictDoNothing({ target: paymentMethods.setupIntentId })
        .returning();
      if (inserted) return inserted;
      const [existing] = await tx
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.setupIntentId, intent.id));
      return existing!;
    });
    return (await this.views(this.db, [row]))[0]!;
  }

  async makeDefault(customerId: string, id: string): Promise<PaymentMethod> {
    const row = await this.db.transaction(async (tx) => {
      await lockCustomer(tx, customerId);
      const method = await this.owned(tx, customerId, id);
      await tx
        .update(paymentMethods)
        .set({ isDefault: false })
        .where(eq(paymentMethods.customerId, customerId));
      const [row] = await tx
        .update(paymentMethods)
        .set({ isDefault: true })
        .where(eq(paymentMethods.id, method.id))
        .returning();
      return row!;
    });
    return (await this.views(this.db, [row]))[0]!;
  }

  async remove(customerId: string, id: string): Promise<void> {
    const removed = await this.db.transaction(async (tx) => {
      await lockCustomer(tx, customerId);
      const method = await this.owned(tx, customerId, id);
      const others = await tx
        .select()
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.customerId, customerId),
            ne(paymentMethods.id, id),
            isNull(paymentMethods.provisional),
          ),
        );
      const using = await this.users.liveUsesOf(tx, id);
      const refused = removalOf(
        method,
        others.length,
        using.some((use) => use.active),
      );
      if (refused) throw new DomainError('PAYMENT_METHOD_IN_USE', refused.message, { rule: refused.rule });
      const fallback = others.find((other) => other.isDefault) ?? null;
      await this.users.moveUses(
        tx,
        using.map((use) => use.id),
        fallback?.id ?? null,
        this.clock.now(),
      );
      await tx.delete(paymentMethods).where(eq(paymentMethods.id, id));
      return method;
    });
    // Forgetting it at the processor is tidy-up: the card is already gone from the account.
    await this.processors[removed.processor].detachPaymentMethod(removed.processorRef).catch(() => undefined);
  }

  /**
   * Every saved method of a customer, gone, inside the caller's transaction: an unconfirmed account taken
   * over by its inbox's owner keeps no card of the one who held it (decision 18). What they paid for (a plan)
   * is left without a card. Answers the tidy-up at the processor, to run after the commit.
   */
  async forgetAll(tx: DbOrTx, customerId: string): Promise<() => Promise<void>> {
    const rows = await tx.select().from(paymentMethods).where(eq(paymentMethods.customerId, customerId));
    if (rows.length === 0) return async () => {};
    const uses = await this.users.usesOf(
      tx,
      rows.map((row) => row.id),
    );
    await this.users.moveUses(
      tx,
      uses.map((use) => use.userId),
      null,
      this.clock.now(),
    );
    await tx.delete(paymentMethods).where(eq(paymentMethods.customerId, customerId));
    return async () => {
      for (const row of rows) {
        await this.processors[row.processor].detachPaymentMethod(row.processorRef).catch(() => undefined);
      }
    };
  }

  private owned(tx: DbOrTx, customerId: string, id: string): Promise<MethodRow> {
    return ownedPaymentMethod(tx, customerId, id);
  }

  private async views(db: DbOrTx, rows: MethodRow[]): Promise<PaymentMethod[]> {
    if (rows.length === 0) return [];
    const uses = await this.users.usesOf(
      db,
      rows.map((row) => row.id),
    );
    // Every row is one customer's (a list, or a card just saved or made the default).
    const [{ saved } = { saved: 0 }] = await db
      .select({ saved: sql<number>`count(*)::int` })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.customerId, rows[0]!.customerId), isNull(paymentMethods.provisional)));
    const removals = new Map<string, Removal>();
    for (const row of rows) {
      const others = Math.max(saved - (row.provisional === null ? 1 : 0), 0);
      // Only an only card can be held by its plan (a liveUsesOf read for that one card, never per row).
      const activePlan = others === 0 && (await this.users.liveUsesOf(db, row.id)).some((use) => use.active);
      removals.set(row.id, row.provisional === null ? removalOf(row, others, activePlan) : null);
    }
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      paymentProcessorName: row.processor,
      default: row.isDefault,
      brand: row.brand,
      last4: row.last4,
      expMonth: row.expMonth,
      expYear: row.expYear,
      email: row.email,
      subscriptionIds: uses.filter((use) => use.methodId === row.id).map((use) => use.userId),
      removal: removals.get(row.id) ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
