import * as z from 'zod/mini';
import { idParam, isoDateSchema, uuidSchema } from './common';
import { emailSchema } from './email';

// Gift boxes (spec §1 "Buy gift boxes", §2 /gift-boxes and the gift box product route): a gift box is
// bought on its own, not from the recipe-kit basket, and delivered to someone else with a card message.

export const GIFT_MESSAGE_MAX = 300;
export const MAX_GIFT_BOXES = 5;
export const GIFT_RECIPIENT_NAME_MAX = 100;

export const giftRecipientSchema = z.strictObject({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Tell us who the gift is for'), z.maxLength(GIFT_RECIPIENT_NAME_MAX)),
  /** When given, the recipient is told a gift is on its way (never the price). */
  email: z.optional(z.nullable(emailSchema)),
  message: z.optional(
    z.nullable(
      z
        .string()
        .check(z.trim(), z.maxLength(GIFT_MESSAGE_MAX, `Keep the message to ${GIFT_MESSAGE_MAX} characters`)),
    ),
  ),
});
export type GiftRecipient = z.infer<typeof giftRecipientSchema>;

export const giftBoxOrderBody = z.strictObject({
  /** Our variant id or the storefront's global id. */
  productVariantId: idParam,
  quantity: z._default(z.int().check(z.gte(1), z.lte(MAX_GIFT_BOXES)), 1),
  /** The recipient's address, saved in the buyer's address book. */
  shippingAddressId: uuidSchema,
  billingAddressId: z.optional(z.nullable(uuidSchema)),
  deliveryDate: isoDateSchema,
  deliveryNote: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500)))),
  recipient: giftRecipientSchema,
});
export type GiftBoxOrderBody = z.input<typeof giftBoxOrderBody>;
export type GiftBoxOrderInput = z.infer<typeof giftBoxOrderBody>;

/** On an order: who receives it and the message on the card. */
export const orderGiftSchema = z.object({
  recipientName: z.string(),
  recipientEmail: z.nullable(z.string()),
  message: z.nullable(z.string()),
});
export type OrderGift = z.infer<typeof orderGiftSchema>;
