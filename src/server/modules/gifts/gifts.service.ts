import { and, asc, eq } from 'drizzle-orm';
import type { GiftBoxOrderInput } from '../../../contracts/gifts';
import type { Order } from '../../../contracts/orders';
import { isoDate, weekStartOf, type IsoDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { giftBoxPrice, giftMessage } from '../../../domain/gifts';
import { isGiftBox, offersDoublePortion } from '../../../domain/menu';
import { pence } from '../../../domain/money';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { productImages, products, productVariants } from '../../db/schema/catalogue';
import { checkouts } from '../../db/schema/checkout';
import { orderLineItems, orders, type OrderAddress } from '../../db/schema/orders';
import { assertDeliverable } from '../delivery/delivery.service';
import { VARIANT_GID_PREFIX } from '../menu/catalogue.repo';
import type { ShopRules, ShopRulesCache } from '../shop/shop.service';
import {
  checkoutMeta,
  creditBalance,
  customerAddress,
  snapshot,
  takeStock,
  withdrawCheckout,
  type CheckoutResult,
  type CheckoutRow,
} from '../checkout/checkout.service';
import { checkoutOrders } from '../checkout/orders.repo';
import { recordOrdersMade, recordStateChange, type Mover } from '../orders/state-changes';

// Buying a gift box (spec §1 "Buy gift boxes"; §2 the gift box product route, which skips the recipe-kit
// basket). A gift is one order of one gift box product, delivered to the recipient's address with a card
// message, and paid like any order (POST /payments). Placing the same gift again while it is unpaid gives
// back the same order, so a double click, a retry or a second tab never makes two; changing it (another
// date, message or box) replaces the unpaid one and gives its stock back.

export const GIFT_BOX_NOT_FOUND = 'That gift box is no longer available';

interface GiftVariant {
  id: number;
  extId: string;
  title: string;
  variantTitle: string;
  sku: string;
  price: number;
  quantityAvailable: number;
  tags: string[];
  imageUrl: string | null;
}

interface PricedGift {
  variant: GiftVariant;
  quantity: number;
  deliveryDate: IsoDate;
  address: OrderAddress;
  recipient: { name: string; email: string | null; message: string | null };
  deliveryNote: string | null;
  subtotal: number;
  shippingPrice: number;
  total: number;
}

async function findGiftVariant(db: DbOrTx, ref: string): Promise<GiftVariant> {
  const byId = /^\d{1,15}$/.test(ref)
    ? eq(productVariants.id, Number(ref))
    : ref.startsWith(VARIANT_GID_PREFIX)
      ? eq(productVariants.extId, ref)
      : null;
  if (!byId) throw new DomainError('PRODUCT_VARIANT_NOT_FOUND', GIFT_BOX_NOT_FOUND);
  const [row] = await db
    .select({
      id: productVariants.id,
      extId: productVariants.extId,
      variantTitle: productVariants.title,
      sku: productVariants.sku,
      price: productVariants.pricePence,
      quantityAvailable: productVariants.quantityAvailable,
      productId: products.id,
      title: products.title,
      productType: products.productType,
      tags: products.tags,
      isDouble: productVariants.isDouble,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(byId);
  // Only gift boxes are sold here: a dish from the weekly menu is bought through the basket.
  if (!row || !isGiftBox({ id: String(row.productId), productType: row.productType, tags: row.tags })) {
    throw new DomainError('PRODUCT_VARIANT_NOT_FOUND', GIFT_BOX_NOT_FOUND);
  }
  // A gift box already feeds two or more: it has no "Double Portion" (one left in an old catalogue is refused).
  if (row.isDouble && !offersDoublePortion(row)) {
    throw new DomainError('PRODUCT_VARIANT_NOT_FOUND', `${row.title} comes in one size`);
  }
  const [image] = await db
    .select({ url: productImages.url })
    .from(productImages)
    .where(eq(productImages.productId, row.productId))
    .orderBy(asc(productImages.position))
    .limit(1);
  return {
    id: row.id,
    extId: row.extId,
    title: row.title,
    variantTitle: row.variantTitle,
    sku: row.sku,
    price: row.price,
    quantityAvailable: row.quantityAvailable,
    tags: row.tags,
    imageUrl: image?.url ?? null,
  };
}

/** Field by field: jsonb keeps its keys in its own order, so two equal addresses may not stringify alike. */
function sameAddress(a: OrderAddress | null, b: OrderAddress | null): boolean {
  if (a === null || b === null) return a === b;
  return (Object.keys(b) as (keyof OrderAddress)[]).every((key) => (a[key] ?? null) === (b[key] ?? null));
}

export class GiftBoxService {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
  ) {}

  /** What the gift would cost, checked like a real order, without writing anything. */
  async preview(customerId: string, body: GiftBoxOrderInput): Promise<CheckoutResult> {
    const rules = await this.rules.get();
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const priced = await this.price(tx, customerId, body, rules, now);
      const draft = { id: 'preview', state: 'open' as const, total: priced.total };
      const balance = await creditBalance(tx, customerId);
      return {
        orders: [this.previewOrder(priced, now)],
        meta: checkoutMeta(draft, balance, rules, false),
        created: false,
      };
    });
  }

  /** POST /orders/gift_boxes: the gift's order (201), or the same unpaid one again (200). */
  async place(customerId: string, body: GiftBoxOrderInput): Promise<CheckoutResult> {
    const rules = await this.rules.get();
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      // The customer's open gift checkouts, locked: two tabs placing a gift at once take turns here.
      const open = await tx
        .select()
        .from(checkouts)
        .where(
          and(
            eq(checkouts.customerId, customerId),
            eq(checkouts.kind, 'gift_box'),
            eq(checkouts.state, 'open'),
          ),
        )
        .orderBy(asc(checkouts.createdAt))
        .for('update');
      const billing = body.billingAddressId
        ? snapshot(await customerAddress(tx, customerId, body.billingAddressId))
        : null;
      for (const checkout of open) {
        if (await this.isSameGift(tx, checkout, body, billing)) {
          return {
            orders: await checkoutOrders(tx, checkout.id, now),
            meta: checkoutMeta(checkout, await creditBalance(tx, customerId), rules, false),
            created: false,
          };
        }
      }
      // A changed gift replaces the unpaid one (refused while that one is being charged).
      const by: Mover = { actor: 'customer', at: now };
      for (const checkout of open)
        await withdrawCheckout(tx, checkout, { ...by, reason: 'The gift changed' });

      const priced = await this.price(tx, customerId, body, rules, now);
      const [checkout] = await tx
        .insert(checkouts)
        .values({ customerId, basketId: null, kind: 'gift_box', total: priced.total, updatedAt: now })
        .returning();
      await recordStateChange(tx, 'checkout', checkout!.id, null, 'open', by);
      const [order] = await tx
        .insert(orders)
        .values({
          customerId,
          checkoutId: checkout!.id,
          source: 'gift_box',
          mealWeek: weekStartOf(priced.deliveryDate),
          deliveryDate: priced.deliveryDate,
          deliveryNote: priced.deliveryNote,
          shippingAddress: priced.address,
          billingAddress: billing,
          giftRecipient: priced.recipient,
          subtotal: priced.subtotal,
          shippingPrice: priced.shippingPrice,
          total: priced.total,
        })
        .returning({ id: orders.id, state: orders.state });
      await recordOrdersMade(tx, [order!], by);
      await tx.insert(orderLineItems).values({
        orderId: order!.id,
        productVariantId: priced.variant.id,
        productVariantExtId: priced.variant.extId,
        title: priced.variant.title,
        variantTitle: priced.variant.variantTitle,
        sku: priced.variant.sku,
        imageUrl: priced.variant.imageUrl,
        tags: priced.variant.tags,
        price: priced.variant.price,
        quantity: priced.quantity,
        discount: 0,
        total: priced.subtotal,
        isAddon: false,
        position: 0,
      });
      await takeStock(tx, [
        { productVariantId: priced.variant.id, quantity: priced.quantity, title: priced.variant.title },
      ]);
      return {
        orders: await checkoutOrders(tx, checkout!.id, now),
        meta: checkoutMeta(checkout!, await creditBalance(tx, customerId), rules, false),
        created: true,
      };
    });
  }

  private async price(
    tx: DbOrTx,
    customerId: string,
    body: GiftBoxOrderInput,
    rules: ShopRules,
    now: Date,
  ): Promise<PricedGift> {
    const variant = await findGiftVariant(tx, body.productVariantId);
    const address = await customerAddress(tx, customerId, body.shippingAddressId);
    if (!address.zip || !address.address1) {
      throw new DomainError('ORDER_INVALID', 'Add the recipient’s address with a street and postcode');
    }
    const quantity = body.quantity;
    if (variant.quantityAvailable < quantity) {
      throw new DomainError(
        'OUT_OF_STOCK',
        variant.quantityAvailable === 0
          ? `Sorry, ${variant.title} has sold out.`
          : `Only ${variant.quantityAvailable} of ${variant.title} left. Please choose fewer.`,
      );
    }
    await assertDeliverable(tx, {
      postcode: address.zip,
      deliveryDate: body.deliveryDate,
      productVariantIds: [variant.id],
      now,
    });
    const deliveryDate = isoDate(body.deliveryDate);
    const price = giftBoxPrice(pence(variant.price), quantity, deliveryDate, rules);
    return {
      variant,
      quantity,
      deliveryDate,
      address: snapshot(address),
      recipient: {
        name: body.recipient.name,
        email: body.recipient.email ?? null,
        message: giftMessage(body.recipient.message),
      },
      deliveryNote: body.deliveryNote || null,
      ...price,
    };
  }

  private previewOrder(priced: PricedGift, now: Date): Order {
    return {
      id: 'preview-1',
      number: 0,
      state: 'created',
      stateLabel: 'Created',
      failedPayment: false,
      payable: true,
      type: 'ShopifyOrder',
      source: 'gift_box',
      subscriptionId: null,
      checkoutId: 'preview',
      mealWeek: weekStartOf(priced.deliveryDate),
      deliveryDate: priced.deliveryDate,
      deliveryNote: priced.deliveryNote,
      shippingAddress: priced.address,
      billingAddress: null,
      voucherCode: null,
      gift: {
        recipientName: priced.recipient.name,
        recipientEmail: priced.recipient.email,
        message: priced.recipient.message,
      },
      subtotal: priced.subtotal,
      discount: 0,
      shippingPrice: priced.shippingPrice,
      total: priced.total,
      createdAt: now.toISOString(),
      lineItems: [
        {
          id: 'preview-1-1',
          productVariantId: String(priced.variant.id),
          productVariantExtId: priced.variant.extId,
          title: priced.variant.title,
          variantTitle: priced.variant.variantTitle,
          sku: priced.variant.sku,
          imageUrl: priced.variant.imageUrl,
          tags: priced.variant.tags,
          price: priced.variant.price,
          quantity: priced.quantity,
          discount: 0,
          total: priced.subtotal,
          isAddon: false,
        },
      ],
    };
  }

  /** Whether an open gift checkout is this very gift: the same box, number, address, date, card and note. */
  private async isSameGift(
    tx: DbOrTx,
    checkout: CheckoutRow,
    body: GiftBoxOrderInput,
    billing: OrderAddress | null,
  ): Promise<boolean> {
    const [order] = await tx.select().from(orders).where(eq(orders.checkoutId, checkout.id));
    if (!order) return false;
    const [line] = await tx.select().from(orderLineItems).where(eq(orderLineItems.orderId, order.id));
    const address = await customerAddress(tx, checkout.customerId, body.shippingAddressId).then(
      snapshot,
      () => null,
    );
    const ref = body.productVariantId;
    return (
      line !== undefined &&
      (String(line.productVariantId) === ref || line.productVariantExtId === ref) &&
      line.quantity === body.quantity &&
      order.deliveryDate === body.deliveryDate &&
      (order.deliveryNote ?? null) === (body.deliveryNote || null) &&
      sameAddress(order.shippingAddress, address) &&
      sameAddress(order.billingAddress ?? null, billing) &&
      order.giftRecipient?.name === body.recipient.name &&
      (order.giftRecipient?.email ?? null) === (body.recipient.email ?? null) &&
      (order.giftRecipient?.message ?? null) === giftMessage(body.recipient.message)
    );
  }
}
