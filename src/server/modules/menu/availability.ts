import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { IsoDate } from '../../../domain/calendar';
import { isGiftBox } from '../../../domain/menu';
import type { DbOrTx } from '../../db/client';
import { collectionProducts, collections, products, productVariants } from '../../db/schema/catalogue';
import { VARIANT_GID_PREFIX } from './catalogue.repo';

// What delivery asks of the catalogue to decide whether dishes can be delivered in a week: each dish's stock
// and the menu weeks that have it.

export interface VariantAvailability {
  /** The id as the caller gave it ("10011" or "gid://shopify/ProductVariant/10011"). */
  ref: string;
  title: string;
  quantityAvailable: number;
  /** The menu weeks (of those asked about) whose menu has the dish. */
  weeksOnMenu: ReadonlySet<string>;
}

/**
 * Stock and menu weeks of variants given by our id or the storefront's global id: two queries whatever the
 * number of variants. Refs that are no variant are left out of the answer.
 */
export async function variantAvailability(
  db: DbOrTx,
  refs: readonly string[],
  weeks: readonly IsoDate[],
): Promise<VariantAvailability[]> {
  const unique = [...new Set(refs)];
  const ids = unique.filter((ref) => /^\d{1,15}$/.test(ref)).map(Number);
  const extIds = unique.filter((ref) => ref.startsWith(VARIANT_GID_PREFIX));
  const conditions = [
    ids.length > 0 ? inArray(productVariants.id, ids) : null,
    extIds.length > 0 ? inArray(productVariants.extId, extIds) : null,
  ].filter((condition): condition is SQL => condition !== null);
  if (conditions.length === 0) return [];
  const variants = await db
    .select({
      id: productVariants.id,
      extId: productVariants.extId,
      productId: productVariants.productId,
      quantityAvailable: productVariants.quantityAvailable,
      title: products.title,
      productType: products.productType,
      tags: products.tags,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(or(...conditions));
  const productIds = [...new Set(variants.map((variant) => variant.productId))];
  const onMenu =
    productIds.length > 0 && weeks.length > 0
      ? await db
          .select({ productId: collectionProducts.productId, weekStart: collections.weekStart })
          .from(collectionProducts)
          .innerJoin(collections, eq(collections.id, collectionProducts.collectionId))
          .where(
            and(
              inArray(collectionProducts.productId, productIds),
              inArray(collections.weekStart, [...weeks]),
            ),
          )
      : [];
  return unique.flatMap((ref) => {
    const variant = variants.find((v) => String(v.id) === ref || v.extId === ref);
    if (!variant) return [];
    return [
      {
        ref,
        title: variant.title,
        quantityAvailable: variant.quantityAvailable,
        // Gift boxes are sold all year, not from a weekly menu: every week is theirs.
        weeksOnMenu: isGiftBox({
          id: String(variant.productId),
          productType: variant.productType,
          tags: variant.tags,
        })
          ? new Set<string>(weeks)
          : new Set(
              onMenu
                .filter((row) => row.productId === variant.productId && row.weekStart !== null)
                .map((row) => row.weekStart!),
            ),
      },
    ];
  });
}
