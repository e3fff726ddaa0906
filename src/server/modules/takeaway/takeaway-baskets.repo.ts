import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { takeawayBasketItems, takeawayBaskets } from '../../db/schema/takeaway';

// A takeaway basket's rows: its choices (one row beside the `baskets` row) and its lines.

export type TakeawayDetailsRow = typeof takeawayBaskets.$inferSelect;
export type TakeawayItemRow = typeof takeawayBasketItems.$inferSelect;
export type TakeawayDetailsChanges = Partial<Omit<typeof takeawayBaskets.$inferInsert, 'basketId'>>;

/** A new takeaway basket's choices before any are made: ASAP, nothing else. */
export function emptyDetails(basketId: string): TakeawayDetailsRow {
  return {
    basketId,
    restaurantId: null,
    fulfillmentType: null,
    asap: true,
    slotStart: null,
    address: null,
    customerEmail: null,
    isCateringOrder: false,
    tableNumber: null,
    isOpenTab: false,
    updatedAt: new Date(0),
  };
}

export async function readDetails(db: DbOrTx, basketId: string): Promise<TakeawayDetailsRow> {
  const [row] = await db.select().from(takeawayBaskets).where(eq(takeawayBaskets.basketId, basketId));
  return row ?? emptyDetails(basketId);
}

export async function writeDetails(
  db: DbOrTx,
  basketId: string,
  changes: TakeawayDetailsChanges,
  at: Date,
): Promise<TakeawayDetailsRow> {
  const [row] = await db
    .insert(takeawayBaskets)
    .values({ basketId, ...changes, updatedAt: at })
    .onConflictDoUpdate({ target: takeawayBaskets.basketId, set: { ...changes, updatedAt: at } })
    .returning();
  return row!;
}

export function readItems(db: DbOrTx, basketId: string): Promise<TakeawayItemRow[]> {
  return db
    .select()
    .from(takeawayBasketItems)
    .where(eq(takeawayBasketItems.basketId, basketId))
    .orderBy(asc(takeawayBasketItems.createdAt), asc(takeawayBasketItems.id));
}

/** Adds to the line for this dish with exactly these modifiers and note (making it); null if over the limit. */
export async function addItem(
  db: DbOrTx,
  line: {
    basketId: string;
    productId: number;
    modifierIds: number[];
    modifierKey: string;
    note: string;
    quantity: number;
  },
  maxQuantity: number,
): Promise<TakeawayItemRow | null> {
  const [row] = await db
    .insert(takeawayBasketItems)
    .values(line)
    .onConflictDoUpdate({
      target: [
        takeawayBasketItems.basketId,
        takeawayBasketItems.productId,
        takeawayBasketItems.modifierKey,
        takeawayBasketItems.note,
      ],
      set: { quantity: sql`${takeawayBasketItems.quantity} + excluded.quantity`, updatedAt: sql`now()` },
      setWhere: sql`${takeawayBasketItems.quantity} + excluded.quantity <= ${maxQuantity}`,
    })
    .returning();
  return row ?? null;
}

export async function setItemQuantity(
  db: DbOrTx,
  basketId: string,
  itemId: string,
  quantity: number,
): Promise<boolean> {
  const where = and(eq(takeawayBasketItems.basketId, basketId), eq(takeawayBasketItems.id, itemId));
  const rows =
    quantity === 0
      ? await db.delete(takeawayBasketItems).where(where).returning({ id: takeawayBasketItems.id })
      : await db
          .update(takeawayBasketItems)
          .set({ quantity, updatedAt: sql`now()` })
          .where(where)
          .returning({ id: takeawayBasketItems.id });
  return rows.length > 0;
}
