import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { marketingBanners } from '../../db/schema/shop';

// Marketing banners as the back office keeps them (issue 25 part 3): every banner, shown or not, made and
// changed whole. What a banner must be (readable colours, its dates) is the back office's (shop-admin).

export type BannerRecord = typeof marketingBanners.$inferSelect;
export type BannerValues = Omit<typeof marketingBanners.$inferInsert, 'id'>;

export function listAllBanners(db: DbOrTx): Promise<BannerRecord[]> {
  return db.select().from(marketingBanners).orderBy(asc(marketingBanners.position), asc(marketingBanners.id));
}

export async function findBanner(db: DbOrTx, id: number): Promise<BannerRecord | null> {
  const [row] = await db
    .select()
    .from(marketingBanners)
    .where(eq(marketingBanners.id, id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function insertBanner(db: DbOrTx, values: BannerValues): Promise<BannerRecord> {
  const [row] = await db.insert(marketingBanners).values(values).returning();
  return row!;
}

export async function updateBanner(db: DbOrTx, id: number, values: BannerValues): Promise<BannerRecord> {
  const [row] = await db.update(marketingBanners).set(values).where(eq(marketingBanners.id, id)).returning();
  return row!;
}
