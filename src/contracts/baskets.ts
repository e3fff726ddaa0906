import * as z from 'zod/mini';
import { BASKET_TYPES } from '../domain/basket';
import type { AddonProduct, VoucherOnBasket as DomainVoucherOnBasket } from '../domain/basket-summary';
import { errorObject, resource, resourceWithRelationships, toMany } from './envelope';
import { idParam, isoDateSchema, penceSchema, quantitySchema, queryBoolean, uuidSchema } from './common';
import { basketVoucherSchema, type VoucherTermsView } from './vouchers';

// Baskets (spec §3 Basket, Basket item; §7 Baskets).

export const basketTypeSchema = z.enum(BASKET_TYPES);

export const basketItemAttributes = z.object({
  title: z.string(),
  variantTitle: z.string(),
  sku: z.string(),
  quantity: z.int(),
  /** Unit price in pence. */
  price: penceSchema,
  discount: penceSchema,
  /** price × quantity − discount. */
  total: penceSchema,
  imageUrl: z.nullable(z.string()),
  isAddon: z.boolean(),
  isDouble: z.boolean(),
  mealWeek: isoDateSchema,
  tags: z.array(z.string()),
  productVariantId: z.string(),
  productVariantExtId: z.string(),
  productId: z.string(),
  productExtId: z.string(),
  quantityAvailable: z.int(),
});

export const weekSummarySchema = z.object({
  mealWeek: isoDateSchema,
  label: z.string(),
  itemCount: z.int(),
  lineItemsPrice: penceSchema,
  discount: penceSchema,
  subtotal: penceSchema,
  meetsMinimum: z.boolean(),
  minimumRemainder: penceSchema,
  /** The delivery fee (free from the threshold). */
  price: penceSchema,
  threshold: penceSchema,
  freeDeliveryRemainder: penceSchema,
  /** A one-off box's fee for this delivery (0 for a plan's). */
  oneOffFee: penceSchema,
  /** What this delivery adds to its order: price + oneOffFee. */
  charge: penceSchema,
  orderable: z.boolean(),
});

export const shipmentItemSchema = z.object({
  description: z.string(),
  price: penceSchema,
  threshold: penceSchema,
  root: z.boolean(),
});

export const basketAttributes = z.object({
  type: basketTypeSchema,
  basketKey: z.string(),
  startSubscription: z.boolean(),
  deliveryDate: z.nullable(isoDateSchema),
  frequency: z.nullable(z.int()),
  deliveryNote: z.nullable(z.string()),
  oneOffFeeApplicable: z.boolean(),
  voucherCode: z.nullable(z.string()),
  /** The applied voucher: its terms, its state and what it takes off. The server always sends it (null
   *  when there is none); optional so that a basket built before vouchers still type-checks. */
  voucher: z.optional(z.nullable(basketVoucherSchema)),
  totalLineItemsPrice: penceSchema,
  totalDiscount: penceSchema,
  subtotalPrice: penceSchema,
  /** Every delivery's charge, one-off fees included (what the orders will charge). */
  shippingPrice: penceSchema,
  /** The one-off box fees among them (decision 11). */
  oneOffFee: penceSchema,
  totalPrice: penceSchema,
  total: penceSchema,
  itemCount: z.int(),
  weeks: z.array(weekSummarySchema),
  shipment: z.object({ items: z.array(shipmentItemSchema) }),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const basketMeta = z.object({
  minimumSpend: penceSchema,
  minimumSpendPerOrder: penceSchema,
  requestCard: z.boolean(),
});

export const basketResource = resourceWithRelationships(
  'baskets',
  basketAttributes,
  z.object({ items: toMany('basket_items') }),
);
export const basketItemResource = resource('basket_items', basketItemAttributes);

export const basketDocument = z.object({
  data: basketResource,
  included: z.array(basketItemResource),
  meta: basketMeta,
});
export const basketListDocument = z.object({
  data: z.array(basketResource),
  included: z.array(basketItemResource),
  meta: basketMeta,
});

/** The flattened basket the web app works with. */
export const basketModel = z.extend(basketAttributes, {
  id: z.string(),
  items: z.array(z.extend(basketItemAttributes, { id: z.string() })),
});
export type Basket = z.infer<typeof basketModel>;
export type BasketItem = Basket['items'][number];
export type BasketMeta = z.infer<typeof basketMeta>;

/** The free line's product, as a basket item shows it. */
export type AddonItem = AddonProduct<BasketItem>;
/** A basket's voucher as the domain's `priceBasketItems` takes it, shown as the contract's voucher terms. */
export type VoucherOnBasket = DomainVoucherOnBasket<BasketItem, VoucherTermsView>;

// Requests. Bodies are strict: an unknown field is an error, not silently dropped.

export const basketParams = z.strictObject({ id: uuidSchema });
export const basketItemParams = z.strictObject({ id: uuidSchema, itemId: uuidSchema });
export const basketTypeParams = z.strictObject({ type: basketTypeSchema });

export const addBasketItemBody = z.strictObject({
  /** Our variant id, or the storefront's global id (gid://shopify/ProductVariant/…). */
  productVariantId: idParam,
  quantity: z.int().check(z.gte(1), z.lte(99)),
  mealWeek: isoDateSchema,
  subItems: z.optional(z.array(z.never()).check(z.maxLength(0))),
});
export type AddBasketItemBody = z.infer<typeof addBasketItemBody>;

export const updateBasketItemBody = z.strictObject({ quantity: quantitySchema });
export type UpdateBasketItemBody = z.infer<typeof updateBasketItemBody>;

export const deleteBasketItemsBody = z.strictObject({
  ids: z.array(uuidSchema).check(z.minLength(1), z.maxLength(200)),
});
export type DeleteBasketItemsBody = z.infer<typeof deleteBasketItemsBody>;

export const validateBasketQuery = z.strictObject({ validateFully: z.optional(queryBoolean) });

export const basketValidationDocument = z.object({
  data: resource('basket_validations', z.object({ valid: z.boolean(), problems: z.array(errorObject) })),
});
