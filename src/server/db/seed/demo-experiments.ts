import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { experiments, experimentVariants } from '../schema/after-order';
import { marketingBanners } from '../schema/shop';

// The demo experiment (issue 23 part 6, decision 30): the new visitors' menu banner says its own words to
// half of them (a, the control) and another message to the other half (b). Seeded at every start and
// idempotent: an experiment or variant that exists is left as the shop left it (stopped, re-weighted), a
// missing one is added. Without the banner it changes (a shop that removed it) there is nothing to test.

export const MENU_BANNER_EXPERIMENT = 'menu-banner-copy';

export const MENU_BANNER_VARIANT_B = {
  text: 'Pasta rolled fresh the morning we pack it. Kits from £6.50 a dish, ready in 15 minutes.',
  mobileText: 'Pasta rolled fresh the morning we pack it',
};

export async function seedExperiments(db: DbOrTx): Promise<void> {
  const [banner] = await db
    .select({ id: marketingBanners.id })
    .from(marketingBanners)
    .where(and(eq(marketingBanners.category, 'recipe_kits'), eq(marketingBanners.customerType, 'new')))
    .orderBy(asc(marketingBanners.position), asc(marketingBanners.id))
    .limit(1);
  if (!banner) return;
  await db
    .insert(experiments)
    .values({
      id: MENU_BANNER_EXPERIMENT,
      name: 'Menu banner copy',
      description:
        'The banner new visitors see on the menu: its own words (price and speed) or the pasta made fresh ' +
        'that morning. Which one brings more first orders?',
      audience: 'everyone',
    })
    .onConflictDoNothing();
  await db
    .insert(experimentVariants)
    .values([
      {
        experimentId: MENU_BANNER_EXPERIMENT,
        id: 'a',
        name: 'The banner’s own words',
        weight: 50,
        position: 0,
      },
      {
        experimentId: MENU_BANNER_EXPERIMENT,
        id: 'b',
        name: 'Made fresh that morning',
        weight: 50,
        position: 1,
        payload: { bannerId: String(banner.id), ...MENU_BANNER_VARIANT_B },
      },
    ])
    .onConflictDoNothing();
}
