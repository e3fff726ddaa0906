import * as z from 'zod/mini';
import { UK_MAJOR_ALLERGEN_CODES } from '../domain/allergens';
import { isoDateSchema } from './common';
import { resource } from './envelope';

// The back office's catalogue and menus (issue 25 part 2): dishes with their variants, allergens and pictures,
// the weekly menus, and the takeaway menu per restaurant. Owners and managers only (domain/staff-roles.ts).

const majorAllergen = z
  .int()
  .check(z.minimum(UK_MAJOR_ALLERGEN_CODES[0]!), z.maximum(UK_MAJOR_ALLERGEN_CODES.at(-1)!));

/** A variant as the editor sends it: with its id to change one, without to add one. */
export const dishVariantBody = z.strictObject({
  id: z.optional(z.string().check(z.regex(/^\d{1,15}$/))),
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  sku: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  /** Pence. Below zero is refused with its own message (PRICE_BELOW_ZERO), not as a malformed body. */
  pricePence: z.int().check(z.minimum(-10_000_000), z.maximum(10_000_000)),
  stock: z.int().check(z.minimum(0), z.maximum(1_000_000)),
});
export type DishVariantBody = z.infer<typeof dishVariantBody>;

/** POST /back_office/dishes and PUT /back_office/dishes/{id}: the whole dish as the editor has it. */
export const dishBody = z.strictObject({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  /** Plain text; paragraphs are separated by a blank line. */
  description: z.string().check(z.maxLength(4000)),
  /** Pasta Kit, Side, Dessert, Bundle, Gift Box… (the menu's sections and rules read it). */
  productType: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  tags: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))).check(z.maxLength(40)),
  /** Which of the 14 allergens it contains. */
  allergens: z.array(majorAllergen).check(z.maxLength(14)),
  /** The explicit "contains none of the 14"; with no allergens and this false the dish is refused. */
  containsNoAllergens: z.boolean(),
  hidden: z.boolean(),
  variants: z.array(dishVariantBody).check(z.minLength(1), z.maxLength(6)),
});
export type DishBody = z.infer<typeof dishBody>;

/** A dish's id; one that is no number names no dish (404, after the role check). */
export const dishParams = z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(40)) });

export const dishListQuery = z.strictObject({
  search: z.optional(z.string().check(z.maxLength(120))),
  hidden: z.optional(z.enum(['only', 'exclude'])),
});
export type DishListQuery = z.infer<typeof dishListQuery>;

export const dishVariantAttributes = z.object({
  id: z.string(),
  title: z.string(),
  sku: z.string(),
  pricePence: z.number(),
  stock: z.number(),
});

export const dishPictureAttributes = z.object({
  url: z.string(),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
});

export const dishAttributes = z.object({
  title: z.string(),
  handle: z.string(),
  description: z.string(),
  productType: z.string(),
  tags: z.array(z.string()),
  allergens: z.array(z.number()),
  /** True, false, or null while the dish has declared nothing (a dish from before the back office). */
  containsNoAllergens: z.nullable(z.boolean()),
  hidden: z.boolean(),
  variants: z.array(dishVariantAttributes),
  picture: z.nullable(dishPictureAttributes),
  /** The menu weeks (Mondays) it is on, published or drafted. */
  weeks: z.array(z.string()),
  updatedAt: z.string(),
});
export const dishDocument = z.object({ data: resource('dishes', dishAttributes) });
export const dishesDocument = z.object({ data: z.array(resource('dishes', dishAttributes)) });
export const dishModel = z.extend(dishAttributes, { id: z.string() });
export type DishView = z.infer<typeof dishModel>;

/** The answer to a picture's upload: the widths it was made in. */
export const dishPictureDocument = z.object({
  data: resource(
    'dish_pictures',
    z.object({
      dishId: z.string(),
      sizes: z.array(z.object({ width: z.number(), height: z.number(), url: z.string() })),
    }),
  ),
});

export const menuWeekAttributes = z.object({
  weekStart: z.string(),
  label: z.string(),
  published: z.boolean(),
  /** Friday 12:00 before the week, London: after it the week's dishes can no longer change. */
  cutoff: z.string(),
  open: z.boolean(),
  dishes: z.array(z.object({ id: z.string(), title: z.string(), hidden: z.boolean() })),
});
export const menuWeeksDocument = z.object({ data: z.array(resource('menu_weeks', menuWeekAttributes)) });
export const menuWeekDocument = z.object({ data: resource('menu_weeks', menuWeekAttributes) });
export const menuWeekModel = z.extend(menuWeekAttributes, { id: z.string() });
export type MenuWeekView = z.infer<typeof menuWeekModel>;

export const menuWeekParams = z.strictObject({ weekStart: isoDateSchema });
export const menuWeekDishParams = z.strictObject({
  weekStart: isoDateSchema,
  dishId: z.string().check(z.regex(/^\d{1,15}$/)),
});

/** The takeaway menu as the back office sees it at one restaurant. */
export const takeawayItemAttributes = z.object({
  title: z.string(),
  sku: z.string(),
  category: z.string(),
  channel: z.enum(['takeaway', 'catering']),
  pricePence: z.number(),
  /** Switched off everywhere. */
  available: z.boolean(),
  /** Sold out at this restaurant until this time; null when it is not. */
  soldOutUntil: z.nullable(z.string()),
});
export const takeawayItemsDocument = z.object({
  data: z.array(resource('takeaway_items', takeawayItemAttributes)),
});
export const takeawayItemDocument = z.object({ data: resource('takeaway_items', takeawayItemAttributes) });
export const takeawayItemModel = z.extend(takeawayItemAttributes, { id: z.string() });
export type TakeawayItemView = z.infer<typeof takeawayItemModel>;

export const takeawayItemParams = z.strictObject({
  restaurantId: z.string().check(z.minLength(1), z.maxLength(64)),
  itemId: z.string().check(z.minLength(1), z.maxLength(40)),
});
export const takeawayRestaurantParams = z.strictObject({
  restaurantId: z.string().check(z.minLength(1), z.maxLength(64)),
});

/** PUT …/takeaway_items/{itemId}: sold out here (until the start of tomorrow) or back, and its price. */
export const takeawayItemBody = z.strictObject({
  soldOut: z.optional(z.boolean()),
  pricePence: z.optional(z.int().check(z.minimum(-10_000_000), z.maximum(10_000_000))),
});
export type TakeawayItemBody = z.infer<typeof takeawayItemBody>;
