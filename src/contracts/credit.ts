import * as z from 'zod/mini';
import { CREDIT_SOURCES } from '../domain/wallet';
import { isoDateSchema, penceSchema } from './common';
import { resource } from './envelope';

// Store credit, one wallet (spec §3 Customer storeCredits; §7 Customers credit_voucher,
// store_credit_transactions; issue 23 part 4, decision 30): every movement with where the credit came from
// and when it expires, and the lots the balance is made of.

export const creditSourceSchema = z.enum(CREDIT_SOURCES);

/** One movement of the customer's credit (positive in, negative out). */
export const storeCreditTransactionAttributes = z.object({
  amount: penceSchema,
  balanceAfter: penceSchema,
  reason: z.string(),
  description: z.string(),
  reference: z.nullable(z.string()),
  createdAt: z.string(),
  /** Where credit added (or expired) came from; null for a spend. */
  source: z.nullable(creditSourceSchema),
  /** "Credit code", "Referral reward", "Late delivery"… (domain/wallet.ts CREDIT_SOURCE_LABELS). */
  sourceLabel: z.nullable(z.string()),
  /** Credit added: when it expires (null: never, and always for a spend). */
  expiresAt: z.nullable(z.string()),
  /** The last London day it can be spent ("expires on 12 December 2026"). */
  expiresOn: z.nullable(isoDateSchema),
  /** Its date has passed. */
  expired: z.boolean(),
});
export const storeCreditTransactionModel = z.extend(storeCreditTransactionAttributes, { id: z.string() });
export type StoreCreditTransaction = z.infer<typeof storeCreditTransactionModel>;

/** A lot of credit still to spend: what is left of what one movement added, and when it expires. */
export const storeCreditLotSchema = z.object({
  id: z.string(),
  source: creditSourceSchema,
  sourceLabel: z.string(),
  description: z.string(),
  /** What it was when added (pence). */
  amount: penceSchema,
  /** What is left of it (pence). */
  remaining: penceSchema,
  createdAt: z.string(),
  expiresAt: z.nullable(z.string()),
  expiresOn: z.nullable(isoDateSchema),
  /** London days until its last day (0: today); null when it never expires. */
  daysLeft: z.nullable(z.int()),
  /** It expires within the two weeks the reminder email warns of. */
  expiresSoon: z.boolean(),
});
export type StoreCreditLot = z.infer<typeof storeCreditLotSchema>;

/** What expires next: the credit of the lots whose last day is the soonest. */
export const nextExpirySchema = z.object({
  amount: penceSchema,
  expiresAt: z.string(),
  expiresOn: isoDateSchema,
  daysLeft: z.int(),
});

export const walletMetaSchema = z.object({
  balance: penceSchema,
  nextExpiry: z.nullable(nextExpirySchema),
  /** The lots with credit left, in the order they are spent (oldest-expiring first). */
  lots: z.array(storeCreditLotSchema),
});
export type WalletMeta = z.infer<typeof walletMetaSchema>;

/** GET /store_credit_transactions: every movement, newest first, and the wallet now. */
export const storeCreditTransactionsDocument = z.object({
  data: z.array(resource('store_credit_transactions', storeCreditTransactionAttributes)),
  meta: walletMetaSchema,
});

/** POST /customers/credit_voucher: the credit a code added, and the balance after it. */
export const creditVoucherDocument = z.object({
  data: resource('store_credit_transactions', storeCreditTransactionAttributes),
  meta: z.object({ balance: penceSchema }),
});
