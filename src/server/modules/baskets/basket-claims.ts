import { and, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { MAX_LINE_QUANTITY } from '../../../domain/basket';
import { DomainError } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { basketItems, baskets, visitors } from '../../db/schema/baskets';
import type { BasketOwner } from '../../security/basket-owner';
import { newToken } from '../../security/tokens';
import { findBasketOfKind, type BasketRow } from './baskets.repo';

// Signing in brings the browser's baskets and the customer's together (decision 6); signing out empties
// them. A recipe kit's plan basket and its one-off box are two baskets that never mix (issue 19).

/** A basket's type and kind: what joins at sign-in, and what there is one of. */
const kindKey = (row: Pick<BasketRow, 'type' | 'startSubscription'>) =>
  `${row.type}:${row.startSubscription}`;

/**
 * At sign-in, the visitor's baskets join the customer's: this browser's basket of a type and kind keeps its
 * id and takes in the lines of the customer's baskets of that type and kind on other devices (adding
 * quantities, at most 99 a line), which are then deleted; with no basket here, the customer's most recent
 * one moves to this browser. One basket of each type and kind per customer afterwards: a one-off box's dishes
 * never join a plan's basket. A basket emptied at sign-out is gone, so nothing of it comes back.
 */
export async function claimBaskets(tx: DbOrTx, visitorId: string, customerId: string): Promise<void> {
  // A basket another customer left in this browser (a shared computer, a session that ran out) stays
  // theirs: it moves off this browser to a holder no cookie carries, and follows them at their next sign-in.
  const [parked] = await tx
    .select({ id: baskets.id })
    .from(baskets)
    .where(
      and(
        eq(baskets.visitorId, visitorId),
        isNotNull(baskets.customerId),
        ne(baskets.customerId, customerId),
      ),
    )
    .limit(1);
  if (parked) {
    const [holder] = await tx
      .insert(visitors)
      .values({ tokenHash: `parked:${newToken()}` })
      .returning({ id: visitors.id });
    await tx
      .update(baskets)
      .set({ visitorId: holder!.id })
      .where(
        and(
          eq(baskets.visitorId, visitorId),
          isNotNull(baskets.customerId),
          ne(baskets.customerId, customerId),
        ),
      );
  }
  const rows = await tx
    .select()
    .from(baskets)
    .where(
      or(
        and(
          eq(baskets.visitorId, visitorId),
          or(isNull(baskets.customerId), eq(baskets.customerId, customerId)),
        ),
        eq(baskets.customerId, customerId),
      ),
    )
    .orderBy(desc(baskets.updatedAt))
    .for('update');
  for (const key of new Set(rows.map(kindKey))) {
    const ofType = rows.filter((row) => kindKey(row) === key);
    const keep = ofType.find((row) => row.visitorId === visitorId) ?? ofType[0]!;
    const others = ofType.filter((row) => row.id !== keep.id);
    if (others.length > 0) {
      const otherIds = others.map((row) => row.id);
      await tx.execute(sql`
        insert into ${basketItems} (basket_id, product_variant_id, meal_week, quantity)
        select ${keep.id}, product_variant_id, meal_week, least(sum(quantity), ${MAX_LINE_QUANTITY})
        from ${basketItems} where basket_id in ${otherIds}
        group by product_variant_id, meal_week
        on conflict (basket_id, meal_week, product_variant_id)
        do update set quantity = least(${basketItems.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY}),
                      updated_at = now()`);
      await tx.delete(baskets).where(inArray(baskets.id, otherIds));
    }
    await tx
      .update(baskets)
      .set({ visitorId, customerId, updatedAt: sql`now()` })
      .where(eq(baskets.id, keep.id));
  }
}

/**
 * Before a basket changes kind (a plan's dishes sent as a one-off box, or the reverse): the owner's basket of
 * the other kind makes way when it is empty (it is deleted), and refuses the change when it holds dishes,
 * since the two never mix. The caller holds the first basket's lock.
 */
export async function makeRoomForKind(
  tx: DbOrTx,
  owner: BasketOwner,
  basket: BasketRow,
  startSubscription: boolean,
): Promise<void> {
  const other = await findBasketOfKind(tx, owner, basket.type, startSubscription, { lock: true });
  if (!other || other.id === basket.id) return;
  const [line] = await tx
    .select({ id: basketItems.id })
    .from(basketItems)
    .where(eq(basketItems.basketId, other.id))
    .limit(1);
  if (line) {
    throw new DomainError(
      'CONFLICT',
      startSubscription
        ? 'Your pasta plan basket already holds dishes. Check it out or empty it first, then try again.'
        : 'You already have a one-off box in your basket. Check it out or empty it first, then try again.',
    );
  }
  await tx.delete(baskets).where(eq(baskets.id, other.id));
}
