import {
  allergensFromTags,
  allergenText,
  conflictingAllergens,
  mayContainFromTags,
} from '../../../domain/allergens';
import { sizeLabel } from '../../../domain/menu';
import type { FulfillmentType } from '../../../domain/restaurant-hours';
import { MAX_EXTRAS, type MenuModifier, type PriceableProduct } from '../../../domain/takeaway';
import type { MenuProduct } from '../../../contracts/restaurants';
import type { Catalogue, ProductRow, RestaurantRow } from './restaurants.repo';

// The takeaway menu as the API shows it (spec §3 Takeaway menu: categories with position and products;
// products with subProducts), and whether a product can be ordered here, now, this way.

export interface MenuContext {
  restaurant: RestaurantRow;
  fulfillmentType: FulfillmentType;
  catering: boolean;
  /** Product id → snoozed until. */
  snoozes: ReadonlyMap<number, Date>;
  /** The signed-in customer's allergen profile, or null. */
  profile: readonly number[] | null;
}

const DIETARY = ['vegetarian', 'vegan', 'gluten-free'];
const FULFILMENT_WORDS: Record<FulfillmentType, string> = {
  delivery: 'delivery',
  pickup: 'collection',
  eat_in: 'eating in',
};

/** Why a product cannot be ordered in this context, in words to show; null when it can. */
export function unavailableReason(product: ProductRow, context: MenuContext): string | null {
  if (!product.available) return `${product.title} isn’t available at the moment`;
  const until = context.snoozes.get(product.id);
  if (until) return `${context.restaurant.name} has run out of ${product.title} for now`;
  if (product.kind === 'item' && (product.channel === 'catering') !== context.catering) {
    return context.catering
      ? `${product.title} isn’t on the catering menu`
      : `${product.title} is on the catering menu: order it for a group`;
  }
  if (product.kind === 'item' && !product.fulfillmentTypes.includes(context.fulfillmentType)) {
    return `${product.title} isn’t available for ${FULFILMENT_WORDS[context.fulfillmentType]}`;
  }
  return null;
}

/** A dish and its modifiers as the domain prices them. */
export function toPriceable(
  product: ProductRow,
  modifiers: readonly { modifier: ProductRow; position: number }[],
): PriceableProduct {
  return {
    id: product.id,
    title: product.title,
    price: product.price,
    modifiers: modifiers.map(({ modifier, position }) => toMenuModifier(modifier, position)),
  };
}

export function toMenuModifier(modifier: ProductRow, position: number): MenuModifier {
  return {
    id: modifier.id,
    title: modifier.title,
    group: modifier.modifierGroup ?? 'extra',
    price: modifier.price,
    position,
  };
}

const allergenNames = (tags: readonly string[]) =>
  allergensFromTags(tags).map(({ code, name }) => ({ code, name }));

export function productView(
  product: ProductRow,
  modifiers: readonly { modifier: ProductRow; position: number }[],
  context: MenuContext,
): MenuProduct {
  const sizes = modifiers.filter(({ modifier }) => modifier.modifierGroup === 'size');
  const extras = modifiers.filter(({ modifier }) => modifier.modifierGroup === 'extra');
  const removals = modifiers.filter(({ modifier }) => modifier.modifierGroup === 'removal');
  // A dish with its extras: what is in it when the customer adds them.
  const tags = [...product.tags];
  return {
    id: String(product.id),
    title: product.title,
    description: product.description,
    price: product.price,
    imageUrl: product.imageUrl,
    tags,
    allergens: allergensFromTags(tags).map((allergen) => ({
      code: allergen.code,
      name: allergen.name,
      text: allergenText(allergen),
    })),
    mayContain: mayContainFromTags(tags),
    dietary: DIETARY.filter((word) => tags.includes(word)),
    serves: product.serves,
    fulfillmentTypes: product.fulfillmentTypes.filter((type): type is FulfillmentType =>
      ['delivery', 'pickup', 'eat_in'].includes(type),
    ),
    available: unavailableReason(product, context) === null,
    snoozedUntil: context.snoozes.get(product.id)?.toISOString() ?? null,
    conflictingAllergens: context.profile ? conflictingAllergens(context.profile, tags) : [],
    subProducts: modifiers.map(({ modifier, position }) => ({
      productId: String(modifier.id),
      position,
      title: modifier.title,
      group: modifier.modifierGroup ?? 'extra',
      price: modifier.price,
      label: modifier.modifierGroup === 'size' ? sizeLabel(modifier.title) : null,
      allergens: allergenNames(modifier.tags),
      available: unavailableReason(modifier, context) === null,
    })),
    modifierGroups: [
      ...(sizes.length > 0
        ? [{ group: 'size' as const, min: 1, max: 1, defaultProductId: String(sizes[0]!.modifier.id) }]
        : []),
      ...(extras.length > 0
        ? [
            {
              group: 'extra' as const,
              min: 0,
              max: Math.min(MAX_EXTRAS, extras.length),
              defaultProductId: null,
            },
          ]
        : []),
      ...(removals.length > 0
        ? [{ group: 'removal' as const, min: 0, max: removals.length, defaultProductId: null }]
        : []),
    ],
  };
}

/** The menu document: the channel's categories in order, each product once in `included`. */
export function menuResources(catalogue: Catalogue, context: MenuContext) {
  const channel = context.catering ? 'catering' : 'takeaway';
  const categories = catalogue.categories.filter((category) => category.channel === channel);
  const seen = new Set<number>();
  const included: { id: string; type: 'takeaway_products'; attributes: Omit<MenuProduct, 'id'> }[] = [];
  for (const category of categories) {
    for (const id of category.productIds) {
      const product = catalogue.products.get(id);
      if (!product || seen.has(id)) continue;
      seen.add(id);
      const { id: productId, ...attributes } = productView(
        product,
        catalogue.modifiers.get(id) ?? [],
        context,
      );
      included.push({ id: productId, type: 'takeaway_products', attributes });
    }
  }
  return {
    data: categories.map((category) => {
      const productIds = category.productIds.filter((id) => catalogue.products.has(id)).map(String);
      return {
        id: String(category.id),
        type: 'menu_categories' as const,
        attributes: { name: category.name, position: category.position, productIds },
        relationships: {
          products: { data: productIds.map((id) => ({ id, type: 'takeaway_products' as const })) },
        },
      };
    }),
    included,
  };
}
