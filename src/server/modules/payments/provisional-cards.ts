import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { paidWithLabel } from '../../../domain/receipt';
import type { Db, DbOrTx } from '../../db/client';
import { paymentMethods, payments } from '../../db/schema/payments';
import type { PaymentProcessors } from '../../integrations/payments/port';
import type { PaymentMethodUsers } from './payment-methods.service';
import { lockCustomer } from '../customers';

// A card typed at a checkout is saved only once it has worked (issue 19 item 1): it is written 'until_paid'
// (hidden from the list, never the default) so that the payment has a card to charge; the payment's ending
// decides (movePayment calls these, in the transaction that records the ending):
// - the money was taken: the card is kept, and is the default when the customer has none;
// - a decline, a failed or abandoned 3-D Secure check, an attempt replaced: 'forget'.
// A saved card the processor no longer has is marked 'forget' too (issue 19 item 28). `tidyCards` (payment
// recovery, and right after a customer's payment) detaches forgotten cards at the processor and deletes them,
// moving what they paid for to the default card.

/** A provisional card left this long with no payment under way was abandoned (the order was never paid). */
const ABANDONED_AFTER = sql`interval '1 hour'`;

/** The payment took money with its card: a provisional card is saved now (the default if there is none). */
export async function keepCard(tx: DbOrTx, methodId: string, customerId: string): Promise<void> {
  const provisional = () =>
    tx
      .select({ provisional: paymentMethods.provisional })
      .from(paymentMethods)
      .where(eq(paymentMethods.id, methodId));
  // A saved card (every weekly charge's) needs nothing, and takes no lock.
  if ((await provisional())[0]?.provisional !== 'until_paid') return;
  // The customer before their cards (payments → customer in the lock order): one default at a time.
  await lockCustomer(tx, customerId);
  if ((await provisional())[0]?.provisional !== 'until_paid') return;
  const [other] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.customerId, customerId), eq(paymentMethods.isDefault, true)));
  await tx
    .update(paymentMethods)
    .set({ provisional: null, isDefault: !other })
    .where(eq(paymentMethods.id, methodId));
}

/** The payment did not go through: a provisional card is not kept. */
export async function forgetProvisionalCard(tx: DbOrTx, methodId: string): Promise<void> {
  await tx
    .update(paymentMethods)
    .set({ provisional: 'forget' })
    .where(and(eq(paymentMethods.id, methodId), eq(paymentMethods.provisional, 'until_paid')));
}

/** The processor no longer has this card (a processor restart, detached there): it is no longer saved. */
export async function forgetLostCard(tx: DbOrTx, methodId: string): Promise<void> {
  await tx.update(paymentMethods).set({ provisional: 'forget' }).where(eq(paymentMethods.id, methodId));
}

/**
 * Deletes forgotten cards (and provisional ones abandoned for an hour), one customer's or everyone's: what
 * they paid for moves to the default card (a new default is chosen when the default went), then each is
 * detached at the processor after its transaction. Returns how many went.
 */
export async function tidyCards(
  db: Db,
  processors: PaymentProcessors,
  users: PaymentMethodUsers,
  at: Date,
  customerId?: string,
): Promise<number> {
  const inFlight = db
    .select({ id: payments.paymentMethodId })
    .from(payments)
    .where(
      and(isNotNull(payments.paymentMethodId), inArray(payments.status, ['processing', 'requires_action'])),
    );
  const candidates = await db
    .select({ id: paymentMethods.id, customerId: paymentMethods.customerId })
    .from(paymentMethods)
    .where(
      and(
        customerId ? eq(paymentMethods.customerId, customerId) : undefined,
        sql`(${paymentMethods.provisional} = 'forget' or (${paymentMethods.provisional} = 'until_paid'
          and ${paymentMethods.createdAt} < now() - ${ABANDONED_AFTER}
          and ${paymentMethods.id} not in (${inFlight})))`,
      ),
    )
    .orderBy(asc(paymentMethods.createdAt))
    .limit(50);
  let gone = 0;
  for (const candidate of candidates) {
    const removed = await db.transaction(async (tx) => {
      await lockCustomer(tx, candidate.customerId);
      const [card] = await tx
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.id, candidate.id), isNotNull(paymentMethods.provisional)));
      if (!card) return null;
      if (card.provisional === 'until_paid') {
        const [busy] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(
            and(
              eq(payments.paymentMethodId, card.id),
              inArray(payments.status, ['processing', 'requires_action']),
            ),
          );
        if (busy) return null;
      }
      let fallback = await savedCard(tx, card.customerId, card.id, 'default');
      if (card.isDefault) {
        await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.id, card.id));
        fallback = await savedCard(tx, card.customerId, card.id, 'oldest');
        if (fallback) {
          await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, fallback));
        }
      }
      const uses = await users.liveUsesOf(tx, card.id);
      if (uses.length > 0) {
        await users.moveUses(
          tx,
          uses.map((use) => use.id),
          fallback,
          at,
        );
      }
      // What it paid keeps its name on the receipts once the card itself is gone.
      await tx
        .update(payments)
        .set({ paidWith: paidWithLabel(card) })
        .where(and(eq(payments.paymentMethodId, card.id), isNull(payments.paidWith)));
      await tx.delete(paymentMethods).where(eq(paymentMethods.id, card.id));
      return card;
    });
    if (!removed) continue;
    gone += 1;
    // Tidy-up at the processor: the card is already gone from the account (and may be gone there too).
    await processors[removed.processor].detachPaymentMethod(removed.processorRef).catch(() => undefined);
  }
  return gone;
}

/** A saved card of the customer's other than `except`: the default, or (`oldest`) the first saved. */
async function savedCard(
  tx: DbOrTx,
  customerId: string,
  except: string,
  which: 'default' | 'oldest',
): Promise<string | null> {
  const [row] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.customerId, customerId),
        which === 'default' ? eq(paymentMethods.isDefault, true) : undefined,
        ne(paymentMethods.id, except),
        sql`${paymentMethods.provisional} is null`,
      ),
    )
    .orderBy(asc(paymentMethods.createdAt))
    .limit(1);
  return row?.id ?? null;
}
