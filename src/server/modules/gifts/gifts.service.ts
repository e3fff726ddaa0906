import type { GiftBoxOrderInput } from '../../../contracts/gifts';
import { isoDate, weekStartOf, type IsoDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { GIFT_ORDER_KIND, giftBoxPrice, giftMessage } from '../../../domain/gifts';
import { isGiftBox, offersDoublePortion } from '../../../domain/menu';
import { pence } from '../../../domain/money';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import type { OrderAddress } from '../../../domain/address';
import { creditBalance } from '../credit';
import { addressSnapshot, customerAddress } from '../customers';
import { assertDeliverable } from '../delivery';
import { firstProductImage, takeStock, variantWithProduct } from '../menu';
import {
  checkoutMeta,
  checkoutOrderRow,
  checkoutOrders,
  firstLineOf,
  lockOpenCheckoutsOf,
  placeOrders,
  previewOrders,
  type CheckoutEndings,
  type CheckoutResult,
  type CheckoutRow,
  type Mover,
  type OrderDraft,
} from '../orders';
import type { ShopRules, ShopRulesCache } from '../shop';

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
  const row = await variantWithProduct(db, ref);
  // Only gift boxes are sold here: a dish from the weekly menu is bought through the basket.
  if (!row || !isGiftBox({ id: String(row.productId), productType: row.productType, tags: row.tags })) {
    throw new DomainError('PRODUCT_VARIANT_NOT_FOUND', GIFT_BOX_NOT_FOUND);
  }
  // A gift box already feeds two or more: it has no "Double Portion" (one left in an old catalogue is refused).
  if (row.isDouble && !offersDoublePortion(row)) {
    throw new DomainError('PRODUCT_VARIANT_NOT_FOUND', `${row.title} comes in one size`);
  }
  const [image] = await firstProductImage(db, row.productId);
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
    private readonly endings: CheckoutEndings,
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
        orders: previewOrders([draftOf(priced, null)], 'gift_box', now),
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
      const open = await lockOpenCheckoutsOf(tx, customerId, 'gift_box');
      const billing = body.billingAddressId
        ? addressSnapshot(await customerAddress(tx, customerId, body.billingAddressId))
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
        await this.endings.withdraw(tx, checkout, { ...by, reason: 'The gift changed' });

      const priced = await this.price(tx, customerId, body, rules, now);
      const { checkout } = await placeOrders(
        tx,
        {
          customerId,
          kind: 'gift_box',
          basketId: null,
          basketVersion: null,
          voucherId: null,
          subscriptionId: null,
          total: priced.total,
        },
        [draftOf(priced, billing)],
        'gift_box',
        by,
      );
      await takeStock(tx, [
        { productVariantId: priced.variant.id, quantity: priced.quantity, title: priced.variant.title },
      ]);
      return {
        orders: await checkoutOrders(tx, checkout.id, now),
        meta: checkoutMeta(checkout, await creditBalance(tx, customerId), rules, false),
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
      // A box kept in stock, not a dish of a menu week: the next-day rule, not the plan's Friday cutoff.
      kind: GIFT_ORDER_KIND,
    });
    const deliveryDate = isoDate(body.deliveryDate);
    const price = giftBoxPrice(pence(variant.price), quantity, deliveryDate, rules);
    return {
      variant,
      quantity,
      deliveryDate,
      address: addressSnapshot(address),
      recipient: {
        name: body.recipient.name,
        email: body.recipient.email ?? null,
        message: giftMessage(body.recipient.message),
      },
      deliveryNote: body.deliveryNote || null,
      ...price,
    };
  }

  /** Whether an open gift checkout is this very gift: the same box, number, address, date, card and note. */
  private async isSameGift(
    tx: DbOrTx,
    checkout: CheckoutRow,
    body: GiftBoxOrderInput,
    billing: OrderAddress | null,
  ): Promise<boolean> {
    const order = await checkoutOrderRow(tx, checkout.id);
    if (!order) return false;
    const line = await firstLineOf(tx, order.id);
    const address = await customerAddress(tx, checkout.customerId, body.shippingAddressId).then(
      addressSnapshot,
      () => null,
    );
    const ref = body.productVariantId;
    return (
      line !== null &&
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

/** The gift as the one order it makes. */
function draftOf(priced: PricedGift, billing: OrderAddress | null): OrderDraft {
  return {
    mealWeek: weekStartOf(priced.deliveryDate),
    deliveryDate: priced.deliveryDate,
    deliveryNote: priced.deliveryNote,
    shippingAddress: priced.address,
    billingAddress: billing,
    giftRecipient: priced.recipient,
    voucherId: null,
    voucherCode: null,
    subtotal: priced.subtotal,
    discount: 0,
    shippingPrice: priced.shippingPrice,
    total: priced.total,
    lines: [
      {
        productVariantId: priced.variant.id,
        productVariantExtId: priced.variant.extId,
        title: priced.variant.title,
        variantTitle: priced.variant.variantTitle,
        sku: priced.variant.sku,
        imageUrl: priced.variant.imageUrl,
        tags: priced.variant.tags,
        price: pence(priced.variant.price),
        quantity: priced.quantity,
        discount: pence(0),
        total: pence(priced.subtotal),
        isAddon: false,
      },
    ],
  };
}
