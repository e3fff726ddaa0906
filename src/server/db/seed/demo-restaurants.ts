import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { OpeningHours, OpeningWindow } from '../../../domain/restaurant-hours';
import type { DbOrTx } from '../client';
import { media } from '../schema/catalogue';
import {
  diningTables,
  restaurants,
  takeawayCategories,
  takeawayCategoryProducts,
  takeawayProductModifiers,
  takeawayProducts,
} from '../schema/restaurants';
import { dishSvg } from './dish-art';
import { drinkSvg, isDrinkArt } from './drink-art';
import { TAKEAWAY_CATEGORIES, TAKEAWAY_ITEMS, TAKEAWAY_MODIFIERS } from './takeaway-menu';

// The demo restaurants (issue 13 part 1): nine Sfoglia sites inside the demo delivery areas of the
// gazetteer (src/server/integrations/postcodes/gazetteer.json), each at one of its postcodes and
// coordinates, and the takeaway menu they all cook. Seeded at every start and idempotent: rows that exist
// are left as an operator or a kitchen left them.

type Restaurant = typeof restaurants.$inferInsert;

const w = (opens: string, closes: string): OpeningWindow => ({ opens, closes });
/** Monday to Sunday in one line each, turned into JavaScript's Sunday-first week. */
function week(
  mon: OpeningWindow[],
  tue: OpeningWindow[],
  wed: OpeningWindow[],
  thu: OpeningWindow[],
  fri: OpeningWindow[],
  sat: OpeningWindow[],
  sun: OpeningWindow[],
): OpeningHours {
  return [sun, mon, tue, wed, thu, fri, sat];
}
const daily = (...windows: OpeningWindow[]) =>
  week(windows, windows, windows, windows, windows, windows, windows);

const london = {
  city: 'London',
  deliveryFee: 299,
  freeDeliveryFrom: 4000,
  minimumSpend: 1500,
  cateringMinimumSpend: 15_000,
  cateringLeadHours: 24,
  tableNumberPrompt: 'Your table number is on the card on your table',
};

export const DEMO_RESTAURANTS: readonly Restaurant[] = [
  {
    ...london,
    id: 'soho',
    name: 'Sfoglia Soho',
    site: 'Soho',
    address1: '52 Dean Street',
    postcode: 'W1D 3GN',
    phone: '+442079460101',
    lat: 51.509576,
    lon: -0.132015,
    openingHours: week(
      [w('11:30', '22:00')],
      [w('11:30', '22:00')],
      [w('11:30', '22:00')],
      [w('11:30', '22:00')],
      [w('11:30', '23:00')],
      [w('11:30', '23:00')],
      [w('12:00', '21:00')],
    ),
    prepMinutes: 20,
    deliveryRadiusMiles: 3,
    slotCapacity: 6,
    tableCount: 18,
    openTabCheckouts: true,
  },
  {
    ...london,
    id: 'islington',
    name: 'Sfoglia Islington',
    site: 'Islington',
    address1: '210 Upper Street',
    postcode: 'N1 0BA',
    phone: '+442079460102',
    lat: 51.54273,
    lon: -0.103582,
    // Dinner only on Mondays.
    openingHours: week(
      [w('17:00', '22:00')],
      [w('12:00', '22:00')],
      [w('12:00', '22:00')],
      [w('12:00', '22:00')],
      [w('12:00', '22:30')],
      [w('12:00', '22:30')],
      [w('12:00', '21:30')],
    ),
    prepMinutes: 20,
    deliveryRadiusMiles: 2.5,
    deliveryFee: 249,
    minimumSpend: 1200,
    slotCapacity: 5,
    tableCount: 14,
  },
  {
    ...london,
    id: 'borough',
    name: 'Sfoglia Borough',
    site: 'Borough Market',
    address1: '8 Borough High Street',
    postcode: 'SE1 2ND',
    phone: '+442079460103',
    lat: 51.497293,
    lon: -0.093943,
    // Lunch and dinner services on weekdays; closed on Sundays.
    openingHours: week(
      [w('11:00', '15:00'), w('17:00', '22:00')],
      [w('11:00', '15:00'), w('17:00', '22:00')],
      [w('11:00', '15:00'), w('17:00', '22:00')],
      [w('11:00', '15:00'), w('17:00', '22:00')],
      [w('11:00', '15:00'), w('17:00', '22:30')],
      [w('11:00', '22:30')],
      [],
    ),
    prepMinutes: 15,
    deliveryRadiusMiles: 3,
    slotCapacity: 8,
    tableCount: 24,
    openTabCheckouts: true,
  },
  {
    ...london,
    id: 'hackney',
    name: 'Sfoglia Hackney',
    site: 'Mare Street',
    address1: '301 Mare Street',
    postcode: 'E8 1BG',
    phone: '+442079460104',
    lat: 51.545899,
    lon: -0.060235,
    openingHours: week(
      [w('17:00', '23:00')],
      [w('17:00', '23:00')],
      [w('17:00', '23:00')],
      [w('17:00', '23:00')],
      [w('17:00', '24:00')],
      [w('12:00', '24:00')],
      [w('12:00', '22:00')],
    ),
    prepMinutes: 25,
    deliveryRadiusMiles: 2.5,
    slotCapacity: 5,
    tableCount: 12,
    offersEatIn: true,
  },
  {
    ...london,
    id: 'clapham',
    name: 'Sfoglia Clapham',
    site: 'Clapham Old Town',
    address1: '14 Old Town',
    postcode: 'SW4 0LS',
    phone: '+442079460105',
    lat: 51.462204,
    lon: -0.13625,
    openingHours: daily(w('12:00', '22:00')),
    prepMinutes: 20,
    deliveryRadiusMiles: 3,
    slotCapacity: 6,
    tableCount: 16,
  },
  {
    id: 'brighton',
    name: 'Sfoglia Brighton',
    site: 'North Laine',
    address1: '29 Gardner Street',
    city: 'Brighton',
    postcode: 'BN1 1FG',
    phone: '+441273960106',
    lat: 50.822228,
    lon: -0.138461,
    // Closed on Mondays.
    openingHours: week(
      [],
      [w('12:00', '21:30')],
      [w('12:00', '21:30')],
      [w('12:00', '21:30')],
      [w('12:00', '22:00')],
      [w('11:30', '22:00')],
      [w('11:30', '21:00')],
    ),
    prepMinutes: 20,
    deliveryRadiusMiles: 2.5,
    deliveryFee: 249,
    freeDeliveryFrom: 3500,
    minimumSpend: 1200,
    slotCapacity: 5,
    cateringMinimumSpend: 12_000,
    cateringLeadHours: 24,
    tableCount: 10,
    tableNumberPrompt: 'Your table number is on the card on your table',
  },
  {
    id: 'bristol',
    name: 'Sfoglia Bristol',
    site: 'Queen Square',
    address1: '12 Queen Square',
    city: 'Bristol',
    postcode: 'BS1 4GP',
    phone: '+441179460107',
    lat: 51.458917,
    lon: -2.59983,
    openingHours: daily(w('12:00', '22:00')),
    prepMinutes: 20,
    deliveryRadiusMiles: 3,
    deliveryFee: 249,
    freeDeliveryFrom: 3500,
    minimumSpend: 1200,
    slotCapacity: 5,
    cateringMinimumSpend: 12_000,
    cateringLeadHours: 24,
    tableCount: 12,
    tableNumberPrompt: 'Your table number is on the card on your table',
  },
  {
    id: 'cambridge',
    name: 'Sfoglia Cambridge',
    site: 'Trumpington Street',
    address1: '41 Trumpington Street',
    city: 'Cambridge',
    postcode: 'CB2 1HP',
    phone: '+441223960108',
    lat: 52.201003,
    lon: 0.115763,
    openingHours: week(
      [w('12:00', '15:00'), w('17:30', '21:30')],
      [w('12:00', '15:00'), w('17:30', '21:30')],
      [w('12:00', '15:00'), w('17:30', '21:30')],
      [w('12:00', '15:00'), w('17:30', '21:30')],
      [w('12:00', '22:00')],
      [w('12:00', '22:00')],
      [w('12:00', '20:00')],
    ),
    prepMinutes: 20,
    deliveryRadiusMiles: 2,
    deliveryFee: 199,
    freeDeliveryFrom: 3000,
    minimumSpend: 1000,
    slotCapacity: 4,
    cateringMinimumSpend: 10_000,
    cateringLeadHours: 48,
    tableCount: 8,
    hasTableNumbers: false,
    tableNumberPrompt: null,
  },
  {
    id: 'oxford',
    name: 'Sfoglia Oxford',
    site: "St Aldate's",
    address1: "90 St Aldate's",
    city: 'Oxford',
    postcode: 'OX1 1QD',
    phone: '+441865960109',
    lat: 51.747443,
    lon: -1.257577,
    openingHours: daily(w('12:00', '21:30')),
    prepMinutes: 20,
    deliveryRadiusMiles: 2,
    deliveryFee: 199,
    freeDeliveryFrom: 3000,
    minimumSpend: 1000,
    slotCapacity: 4,
    cateringMinimumSpend: 10_000,
    cateringLeadHours: 48,
    tableCount: 10,
    offersEatIn: false,
    tableNumberPrompt: null,
  },
];

/** Media ids of the takeaway menu's pictures (the recipe-kit catalogue's are below 200 000). */
export const takeawayImageId = (productId: number) => 300_000 + productId;

export async function seedRestaurants(db: DbOrTx): Promise<void> {
  await db
    .insert(restaurants)
    .values([...DEMO_RESTAURANTS])
    .onConflictDoNothing();
  // Each restaurant's tables, numbered 1 to its table count (decision 28): two-tops by the window first.
  const tables = DEMO_RESTAURANTS.filter((r) => r.hasTableNumbers !== false).flatMap((restaurant) =>
    Array.from({ length: restaurant.tableCount ?? 0 }, (_, index) => ({
      restaurantId: restaurant.id,
      number: String(index + 1),
      seats: index < 4 ? 2 : index % 5 === 4 ? 6 : 4,
      position: index + 1,
    })),
  );
  if (tables.length > 0) await db.insert(diningTables).values(tables).onConflictDoNothing();

  await db
    .insert(media)
    .values(
      TAKEAWAY_ITEMS.map((item) => {
        const body = isDrinkArt(item.art)
          ? drinkSvg(item.art, item.id, item.title)
          : dishSvg(item.art, item.id, 0, item.title);
        return {
          id: takeawayImageId(item.id),
          contentType: 'image/svg+xml',
          body,
          etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
        };
      }),
    )
    .onConflictDoNothing();

  await db
    .insert(takeawayProducts)
    .values([
      ...TAKEAWAY_MODIFIERS.map((modifier) => ({
        id: modifier.id,
        sku: `TA-M-${modifier.id}`,
        title: modifier.title,
        price: modifier.price,
        kind: 'modifier' as const,
        modifierGroup: modifier.group,
        tags: modifier.tags,
      })),
      ...TAKEAWAY_ITEMS.map((item) => ({
        id: item.id,
        sku: `TA-${item.id}`,
        title: item.title,
        description: item.description,
        price: item.price,
        kind: 'item' as const,
        tags: item.tags,
        imageUrl: `/media/${takeawayImageId(item.id)}.svg`,
        fulfillmentTypes: item.fulfillmentTypes ?? ['delivery', 'pickup', 'eat_in'],
        serves: item.serves ?? null,
        channel: item.serves ? ('catering' as const) : ('takeaway' as const),
      })),
    ])
    .onConflictDoNothing();
  // A demo database seeded before every product had a picture (the drinks) gets theirs.
  await db
    .update(takeawayProducts)
    .set({ imageUrl: sql`'/media/' || (300000 + ${takeawayProducts.id}) || '.svg'` })
    .where(and(eq(takeawayProducts.kind, 'item'), isNull(takeawayProducts.imageUrl)));
  const modifierLinks = TAKEAWAY_ITEMS.flatMap((item) =>
    item.modifierIds.map((modifierId, position) => ({ productId: item.id, modifierId, position })),
  );
  if (modifierLinks.length > 0) {
    await db.insert(takeawayProductModifiers).values(modifierLinks).onConflictDoNothing();
  }
  await db
    .insert(takeawayCategories)
    .values(TAKEAWAY_CATEGORIES.map(({ productIds: _ids, ...category }) => category))
    .onConflictDoNothing();
  await db
    .insert(takeawayCategoryProducts)
    .values(
      TAKEAWAY_CATEGORIES.flatMap((category) =>
        category.productIds.map((productId, position) => ({ categoryId: category.id, productId, position })),
      ),
    )
    .onConflictDoNothing();
}
