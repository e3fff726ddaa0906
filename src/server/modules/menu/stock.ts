import { and, eq, sql } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { productVariants } from '../../db/schema/catalogue';

// Stock (issue 4 part 8): taken when orders are placed, given back when unpaid orders are withdrawn or
// cancelled. Variants are updated in id order, so concurrent checkouts never lock them in a cycle.

/** Stock for every line, or nothing: a conditional decrement that can never go below zero. */
export async function takeStock(
  tx: DbOrTx,
  lines: readonly { productVariantId: number; quantity: number; title: string }[],
): Promise<void> {
  for (const [variantId, { quantity, title }] of byVariant(lines)) {
    const taken = await tx
      .update(productVariants)
      .set({ quantityAvailable: sql`${productVariants.quantityAvailable} - ${quantity}` })
      .where(and(eq(productVariants.id, variantId), sql`${productVariants.quantityAvailable} >= ${quantity}`))
      .returning({ id: productVariants.id });
    if (taken.length === 0) {
      throw new DomainError('OUT_OF_STOCK', `${title} has just sold out. Please change your basket.`);
    }
  }
}

/** Gives stock back (lines whose dish has left the catalogue have no variant and give nothing back). */
export async function putBackStock(
  tx: DbOrTx,
  lines: readonly { productVariantId: number | null; quantity: number }[],
): Promise<void> {
  const known = lines.flatMap((line) =>
    line.productVariantId === null ? [] : [{ ...line, productVariantId: line.productVariantId, title: '' }],
  );
  for (const [variantId, { quantity }] of byVariant(known)) {
    await tx
      .update(productVariants)
      .set({ quantityAvailable: sql`${productVariants.quantityAvailable} + ${quantity}` })
      .where(eq(productVariants.id, variantId));
  }
}

function byVariant(lines: readonly { productVariantId: number; quantity: number; title: string }[]) {
  const wanted = new Map<number, { quantity: number; title: string }>();
  for (const line of lines) {
    const seen = wanted.get(line.productVariantId);
    wanted.set(line.productVariantId, { quantity: (seen?.quantity ?? 0) + line.quantity, title: line.title });
  }
  return [...wanted.entries()].sort(([a], [b]) => a - b);
}
