import { and, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { BASKET_TYPES, MAX_LINE_QUANTITY } from '../../../domain/basket';
import type { DbOrTx } from '../../db/client';
import { basketItems, baskets, visitors } from '../../db/schema/baskets';
import { newToken } from '../../http/tokens';

// Signing in brings the browser's baskets and the customer's together (decision 6).

/**
 * At sign-in, the visitor's baskets join the customer's: this browser's basket of a type keeps its id and
 * takes in the lines of the customer's baskets of that type on other devices (adding quantities, at most
 * 99 a line), which are then deleted; with no basket here, the customer's most recent one moves to this
 * browser. One basket of each type per customer afterwards.
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
  for (const type of BASKET_TYPES) {
    const ofType = rows.filter((row) => row.type === type);
    if (ofType.length === 0) continue;
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
