import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { systemClock, type Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import {
  sandboxCustomers,
  sandboxIdempotencyKeys,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  sandboxRefunds,
  sandboxSetupIntents,
} from '../../db/schema/payments-sandbox';
import { declineCodeOf, isCardBehaviour, type CardBehaviour, type CardFacts } from './card-rules';
import {
  PaymentProcessorError,
  type DeclineCode,
  type PaymentError,
  type PaymentIntent,
  type PaymentProcessor,
  type ProcessorName,
  type Refund,
  type SavedMethod,
  type SetupIntent,
} from './port';

// The embedded payment processor (architecture decision 8; issue 4 part 1): Stripe's semantics over its own
// tables. One set of books serves two processors, 'stripe' (cards) and 'paypal' (PayPal accounts), as two
// merchant accounts at one processor would. Every call runs in its own short transaction; idempotency keys
// are rows whose primary key (key, endpoint) is the lock, so concurrent calls with one key make one intent.
// The browser-facing steps (card form, 3-D Secure challenge, PayPal approval) are methods here too, called
// by sandbox.routes.ts.
// Holds (decision 28): a manual intent whose card is authorised waits in requires_capture with the moment it
// was authorised, on the sandbox's clock; it is captured once, for at most what was held, within 7 days.

type IntentRow = typeof sandboxPaymentIntents.$inferSelect;
type SetupRow = typeof sandboxSetupIntents.$inferSelect;
type MethodRow = typeof sandboxPaymentMethods.$inferSelect;

const KIND: Record<ProcessorName, 'card' | 'paypal'> = { stripe: 'card', paypal: 'paypal' };

/** Stripe's limits for GBP: at least 30p, at most £999,999.99. */
export const MIN_CHARGE = 30;
const MAX_CHARGE = 99_999_999;
const MAX_METADATA_KEYS = 50;
/** As at Stripe, an uncaptured card authorisation lapses 7 days after it was made. */
export const HOLD_LIFETIME_MS = 7 * 24 * 60 * 60 * 1_000;
const MAX_URL = 2_048;

/** Paths of the pages the sandbox serves (sandbox.routes.ts). */
export const SANDBOX_PATHS = {
  cardForm: '/sandbox/stripe/card-form',
  threeDSecure: '/sandbox/stripe/3ds',
  paypalApprove: '/sandbox/paypal/approve',
} as const;

/** A PayPal demo buyer whose email starts with this approves, but the account's payments are declined. */
export const DECLINING_PAYPAL_BUYER = /^declined/i;

// ---- ids and secrets ----------------------------------------------------------------------------------------

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function randomChars(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** Stripe-like ids: a prefix and 24 random letters and digits (`pi_3Mtw…`). */
export function sandboxId(prefix: 'cus' | 'seti' | 'pi' | 'pm' | 're'): string {
  return `${prefix}_${randomChars(24)}`;
}

function clientSecretFor(id: string): string {
  return `${id}_secret_${randomChars(25)}`;
}

/** The intent id a client secret belongs to, or null when it is not shaped like one. */
export function intentIdOfClientSecret(clientSecret: string): string | null {
  const match = /^((?:seti|pi)_[0-9A-Za-z]{1,64})_secret_[0-9A-Za-z]{1,64}$/.exec(clientSecret);
  return match ? match[1]! : null;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** JSON with object keys sorted, so that one request hashes the same whatever order its fields came in. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function requestHash(params: unknown): string {
  return createHash('sha256').update(stableJson(params)).digest('hex');
}

// ---- errors and messages ------------------------------------------------------------------------------------

function missing(kind: string, id: string): PaymentProcessorError {
  return new PaymentProcessorError('resource_missing', `No such ${kind}: '${id.slice(0, 80)}'`, 404, kind);
}

function invalid(code: string, message: string): PaymentProcessorError {
  return new PaymentProcessorError(code, message, 400);
}

/** What a customer reads when a charge is declined (issuers' reasons for lost, stolen or fraud are not told). */
export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  insufficient_funds: 'Your card has insufficient funds.',
  lost_card: 'Your card was declined.',
  stolen_card: 'Your card was declined.',
  fraudulent: 'Your card was declined.',
  merchant_blacklist: 'Your card was declined.',
  generic_decline: 'Your card was declined.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: 'Your card’s security code is incorrect.',
  authentication_failed: 'We couldn’t confirm this payment with your bank. Try again or use another card.',
};

const AUTHENTICATION_REQUIRED: PaymentError = {
  code: 'authentication_required',
  declineCode: null,
  message: 'Your bank needs you to confirm this payment. Pay again while you are at the checkout.',
};

const AUTHENTICATION_FAILED: PaymentError = {
  code: 'payment_intent_authentication_failure',
  declineCode: 'authentication_failed',
  message: DECLINE_MESSAGES.authentication_failed,
};

function declined(code: DeclineCode, paypal = false): PaymentError {
  return {
    code: 'card_declined',
    declineCode: code,
    message: paypal ? 'PayPal declined this payment. Choose another way to pay.' : DECLINE_MESSAGES[code],
  };
}

function storedError(error: PaymentError | null): Record<string, string> | null {
  if (!error) return null;
  return {
    code: error.code,
    message: error.message,
    ...(error.declineCode ? { decline_code: error.declineCode } : {}),
  };
}

function readError(stored: Record<string, string> | null): PaymentError | null {
  if (!stored) return null;
  return {
    code: stored.code ?? 'unknown',
    declineCode: (stored.decline_code as DeclineCode | undefined) ?? null,
    message: stored.message ?? '',
  };
}

// ---- parameter checks ----------------------------------------------------------------------------------------

function checkKey(key: string): void {
  if (typeof key !== 'string' || key.length < 1 || key.length > 255) {
    throw invalid('idempotency_key_invalid', 'An idempotency key must be 1 to 255 characters.');
  }
}

function checkReturnUrl(url: string): void {
  const ok = (() => {
    if (typeof url !== 'string' || url.length > MAX_URL) return false;
    if (url.startsWith('/')) return !url.startsWith('//') && !url.includes('\\');
    try {
      return ['http:', 'https:'].includes(new URL(url).protocol);
    } catch {
      return false;
    }
  })();
  if (!ok) throw invalid('url_invalid', 'returnUrl must be an http(s) URL or a path on this shop.');
}

function checkMetadata(metadata: Record<string, string>): void {
  const entries = Object.entries(metadata ?? {});
  if (entries.length > MAX_METADATA_KEYS) {
    throw invalid('parameter_invalid', `metadata can have at most ${MAX_METADATA_KEYS} keys.`);
  }
  for (const [key, value] of entries) {
    if (key.length === 0 || key.length > 40 || typeof value !== 'string' || value.length > 500) {
      throw invalid(
        'parameter_invalid',
        'metadata keys must be 1 to 40 characters and values at most 500 characters.',
      );
    }
  }
}

/** Adds query parameters to a return URL; a path stays a path (the browser stays on the shop's origin). */
export function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target, 'http://sandbox.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return target.startsWith('/') ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}

// ---- the books ---------------------------------------------------------------------------------------------

export interface ChallengeView {
  id: string;
  amount: number;
  brand: string | null;
  last4: string | null;
  status: IntentRow['status'];
  returnUrl: string;
}

export interface ApprovalView {
  kind: 'payment' | 'setup';
  id: string;
  /** Pence; null for saving an account. */
  amount: number | null;
  /** The shop customer's email, to suggest as the demo buyer. */
  email: string | null;
  status: string;
  returnUrl: string;
}

export type CardSetupResult =
  | { status: 'succeeded'; setupIntent: SetupIntent }
  | { status: 'failed'; setupIntentId: string | null; message: string };

export class PaymentsSandbox {
  readonly publicUrl: string;

  constructor(
    readonly db: Db,
    publicUrl: string,
    /**
     * What holds are stamped and aged by. Every PaymentsSandbox on one database must share it (the
     * processors' and the pages'), or a hold authorised on one clock looks expired on the other.
     */
    readonly clock: Clock = systemClock,
  ) {
    this.publicUrl = publicUrl.replace(/\/$/, '');
  }

  /**
   * Runs `work` once per (key, endpoint): the first call inserts the key row and keeps the answer in the same
   * transaction; a concurrent call with the same key waits on that row's primary key, then replays the answer
   * (or is refused if its parameters differ). A call that throws keeps nothing, so it can be retried.
   */
  async idempotent<T>(
    processor: ProcessorName,
    endpoint: string,
    key: string,
    params: unknown,
    work: (tx: DbOrTx) => Promise<T>,
  ): Promise<T> {
    checkKey(key);
    const scope = `${processor}:${endpoint}`;
    const hash = requestHash(params);
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(sandboxIdempotencyKeys)
        .values({ key, endpoint: scope, requestHash: hash })
        .onConflictDoNothing()
        .returning({ key: sandboxIdempotencyKeys.key });
      if (inserted.length > 0) {
        const answer = await work(tx);
        await tx
          .update(sandboxIdempotencyKeys)
          .set({ statusCode: 200, response: answer as object })
          .where(and(eq(sandboxIdempotencyKeys.key, key), eq(sandboxIdempotencyKeys.endpoint, scope)));
        return answer;
      }
      const [kept] = await tx
        .select()
        .from(sandboxIdempotencyKeys)
        .where(and(eq(sandboxIdempotencyKeys.key, key), eq(sandboxIdempotencyKeys.endpoint, scope)));
      if (!kept || kept.statusCode === null) {
        // Only possible if the row vanished between the two statements: ask the caller to retry.
        throw new PaymentProcessorError('lock_timeout', 'This request is already being processed.', 409);
      }
      if (kept.requestHash !== hash) {
        throw invalid(
          'idempotency_key_reused',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return kept.response as T;
    });
  }

  // ---- mapping rows to the port's shapes ----

  threeDSecureUrl(row: Pick<IntentRow, 'id' | 'clientSecret'>): string {
    return `${this.publicUrl}${SANDBOX_PATHS.threeDSecure}/${row.id}?client_secret=${row.clientSecret}`;
  }

  paypalApprovalUrl(row: { id: string; clientSecret: string }): string {
    return `${this.publicUrl}${SANDBOX_PATHS.paypalApprove}/${row.id}?client_secret=${row.clientSecret}`;
  }

  toPaymentIntent(row: IntentRow): PaymentIntent {
    return {
      id: row.id,
      clientSecret: row.clientSecret,
      amount: row.amount,
      amountRefunded: row.amountRefunded,
      captureMethod: row.captureMethod,
      amountCapturable: row.status === 'requires_capture' ? row.amount : 0,
      amountReceived: amountReceivedOf(row),
      status: row.status as PaymentIntent['status'],
      nextActionUrl:
        row.status === 'requires_action'
          ? row.kind === 'card'
            ? this.threeDSecureUrl(row)
            : this.paypalApprovalUrl(row)
          : null,
      paymentMethodRef: row.paymentMethodId,
      lastError: readError(row.lastError ?? null),
      metadata: row.metadata,
    };
  }

  toSetupIntent(row: SetupRow, method: MethodRow | null): SetupIntent {
    return {
      id: row.id,
      clientSecret: row.clientSecret,
      customerRef: row.customerId ?? '',
      type: row.type,
      status: row.status as SetupIntent['status'],
      nextActionUrl:
        row.status === 'requires_action' && row.type === 'paypal' ? this.paypalApprovalUrl(row) : null,
      paymentMethod: method ? savedMethod(method) : null,
      lastError: readError(row.lastError ?? null),
    };
  }

  // ---- the processor's API ----

  async createCustomer(
    processor: ProcessorName,
    input: { customerId: string; email: string },
    key: string,
  ): Promise<string> {
    if (!input.customerId || !input.email)
      throw invalid('parameter_missing', 'customerId and email are required.');
    return this.idempotent(processor, 'POST /v1/customers', key, input, async (tx) => {
      const id = sandboxId('cus');
      await tx.insert(sandboxCustomers).values({
        id,
        email: input.email,
        metadata: { customer_id: input.customerId, processor },
      });
      return id;
    });
  }

  async createSetupIntent(
    processor: ProcessorName,
    input: { customerRef: string; type: 'card' | 'paypal'; returnUrl: string },
    key: string,
  ): Promise<SetupIntent> {
    if (input.type !== KIND[processor]) {
      throw invalid(
        'payment_method_type_unsupported',
        `The ${processor} processor saves ${KIND[processor] === 'card' ? 'cards' : 'PayPal accounts'} only.`,
      );
    }
    checkReturnUrl(input.returnUrl);
    return this.idempotent(processor, 'POST /v1/setup_intents', key, input, async (tx) => {
      await this.#customer(tx, input.customerRef);
      const id = sandboxId('seti');
      const [row] = await tx
        .insert(sandboxSetupIntents)
        .values({
          id,
          clientSecret: clientSecretFor(id),
          customerId: input.customerRef,
          type: input.type,
          // A card waits for the card form; a PayPal account for the buyer's approval.
          status: input.type === 'card' ? 'requires_payment_method' : 'requires_action',
          returnUrl: input.returnUrl,
        })
        .returning();
      return this.toSetupIntent(row!, null);
    });
  }

  async retrieveSetupIntent(processor: ProcessorName, id: string): Promise<SetupIntent> {
    const [found] = await this.db
      .select({ intent: sandboxSetupIntents, method: sandboxPaymentMethods })
      .from(sandboxSetupIntents)
      .leftJoin(sandboxPaymentMethods, eq(sandboxPaymentMethods.id, sandboxSetupIntents.paymentMethodId))
      .where(and(eq(sandboxSetupIntents.id, id), eq(sandboxSetupIntents.type, KIND[processor])));
    if (!found) throw missing('setup_intent', id);
    return this.toSetupIntent(found.intent, found.method);
  }

  async createPaymentIntent(
    processor: ProcessorName,
    input: Parameters<PaymentProcessor['createPaymentIntent']>[0],
    key: string,
  ): Promise<PaymentIntent> {
    const kind = KIND[processor];
    if (!Number.isSafeInteger(input.amount)) {
      throw invalid('parameter_invalid_integer', 'The amount must be a whole number of pence.');
    }
    if (input.amount < MIN_CHARGE) throw invalid('amount_too_small', 'Amount must be at least £0.30 gbp');
    if (input.amount > MAX_CHARGE)
      throw invalid('amount_too_large', 'Amount must be no more than £999,999.99');
    if (typeof input.description !== 'string' || input.description.length > 1_000) {
      throw invalid('parameter_invalid', 'description must be at most 1000 characters.');
    }
    checkMetadata(input.metadata);
    checkReturnUrl(input.returnUrl);
    if (kind === 'card' && !input.paymentMethodRef) {
      throw invalid('parameter_missing', 'A saved card (paymentMethodRef) is needed to charge a card.');
    }
    const captureMethod = input.captureMethod ?? 'automatic';
    if (captureMethod !== 'automatic' && captureMethod !== 'manual') {
      throw invalid('parameter_invalid', 'captureMethod must be automatic or manual.');
    }
    // Asking for automatic is the same request as not asking, so either replays the other.
    const params = { ...input, captureMethod: captureMethod === 'manual' ? 'manual' : undefined };
    return this.idempotent(processor, 'POST /v1/payment_intents', key, params, async (tx) => {
      await this.#customer(tx, input.customerRef);
      let method: MethodRow | null = null;
      if (input.paymentMethodRef) {
        const [row] = await tx
          .select()
          .from(sandboxPaymentMethods)
          .where(eq(sandboxPaymentMethods.id, input.paymentMethodRef));
        if (!row || row.type !== kind) throw missing('payment_method', input.paymentMethodRef);
        if (row.customerId !== input.customerRef) {
          throw invalid(
            'payment_method_not_attached',
            row.customerId === null
              ? 'The payment method was detached from its customer and cannot be used again.'
              : 'The payment method belongs to a different customer.',
          );
        }
        method = row;
      }
      const outcome = method
        ? chargeOutcome(method, input.offSession ?? false)
        : { status: 'requires_action' as const, lastError: null };
      // A hold's card is authorised, not charged: the money waits for capturePaymentIntent.
      const held = captureMethod === 'manual' && outcome.status === 'succeeded';
      const id = sandboxId('pi');
      const [row] = await tx
        .insert(sandboxPaymentIntents)
        .values({
          id,
          clientSecret: clientSecretFor(id),
          kind,
          amount: input.amount,
          currency: 'gbp',
          customerId: input.customerRef,
          paymentMethodId: method?.id ?? null,
          status: held ? 'requires_capture' : outcome.status,
          returnUrl: input.returnUrl,
          lastError: storedError(outcome.lastError),
          metadata: input.metadata,
          captureMethod,
          authorizedAt: held ? this.clock.now() : null,
        })
        .returning();
      return this.toPaymentIntent(row!);
    });
  }

  async retrievePaymentIntent(processor: ProcessorName, id: string): Promise<PaymentIntent> {
    const [row] = await this.db
      .select()
      .from(sandboxPaymentIntents)
      .where(and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.kind, KIND[processor])));
    if (!row) throw missing('payment_intent', id);
    return this.toPaymentIntent(row);
  }

  /**
   * Stripe's capture of a hold: once, for 30p up to what is held; the rest of the hold is let go. A hold past
   * its 7 days is cancelled and refused ('charge_expired_for_capture'); that refusal is kept under the key
   * like an answer, so a retry with the key hears it again.
   */
  async capturePaymentIntent(
    processor: ProcessorName,
    id: string,
    input: { amount: number },
    key: string,
  ): Promise<PaymentIntent> {
    if (!Number.isSafeInteger(input.amount)) {
      throw invalid('parameter_invalid_integer', 'The amount to capture must be a whole number of pence.');
    }
    if (input.amount < MIN_CHARGE) throw invalid('amount_too_small', 'Amount must be at least £0.30 gbp');
    const endpoint = `POST /v1/payment_intents/${id}/capture`;
    const answer = await this.idempotent(processor, endpoint, key, { id, ...input }, async (tx) => {
      const [row] = await tx
        .select()
        .from(sandboxPaymentIntents)
        .where(and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.kind, KIND[processor])))
        .for('update');
      if (!row) throw missing('payment_intent', id);
      if (row.status !== 'requires_capture') {
        throw invalid(
          'payment_intent_unexpected_state',
          `This PaymentIntent could not be captured because it has a status of ${row.status}.`,
        );
      }
      if (row.authorizedAt && this.clock.now().getTime() - row.authorizedAt.getTime() > HOLD_LIFETIME_MS) {
        const [lapsed] = await tx
          .update(sandboxPaymentIntents)
          .set({ status: 'canceled', updatedAt: sql`now()` })
          .where(eq(sandboxPaymentIntents.id, row.id))
          .returning();
        return { expired: true, intent: this.toPaymentIntent(lapsed!) };
      }
      if (input.amount > row.amount) {
        throw invalid(
          'amount_too_large',
          `The amount to capture (£${(input.amount / 100).toFixed(2)}) is more than the amount capturable (£${(row.amount / 100).toFixed(2)}).`,
        );
      }
      const [captured] = await tx
        .update(sandboxPaymentIntents)
        .set({ status: 'succeeded', amountCaptured: input.amount, updatedAt: sql`now()` })
        .where(eq(sandboxPaymentIntents.id, row.id))
        .returning();
      return { expired: false, intent: this.toPaymentIntent(captured!) };
    });
    if (answer.expired) {
      throw invalid(
        'charge_expired_for_capture',
        'The charge cannot be captured as the authorization has expired.',
      );
    }
    return answer.intent;
  }

  /**
   * Stripe's cancel: only an intent that has not taken money (a hold is let go); a succeeded one comes back
   * as it is.
   */
  async cancelPaymentIntent(processor: ProcessorName, id: string, key: string): Promise<PaymentIntent> {
    checkKey(key);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(sandboxPaymentIntents)
        .where(and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.kind, KIND[processor])))
        .for('update');
      if (!row) throw missing('payment_intent', id);
      if (row.status === 'succeeded' || row.status === 'canceled') return this.toPaymentIntent(row);
      const [updated] = await tx
        .update(sandboxPaymentIntents)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(eq(sandboxPaymentIntents.id, row.id))
        .returning();
      return this.toPaymentIntent(updated!);
    });
  }

  async refund(
    processor: ProcessorName,
    input: { paymentIntentId: string; amount?: number },
    key: string,
  ): Promise<Refund> {
    if (input.amount !== undefined && (!Number.isSafeInteger(input.amount) || input.amount < 1)) {
      throw invalid('parameter_invalid_integer', 'A refund amount must be a positive whole number of pence.');
    }
    return this.idempotent(processor, 'POST /v1/refunds', key, input, async (tx) => {
      const [intent] = await tx
        .select()
        .from(sandboxPaymentIntents)
        .where(
          and(
            eq(sandboxPaymentIntents.id, input.paymentIntentId),
            eq(sandboxPaymentIntents.kind, KIND[processor]),
          ),
        )
        .for('update');
      if (!intent) throw missing('payment_intent', input.paymentIntentId);
      if (intent.status !== 'succeeded') {
        throw invalid(
          'payment_intent_unexpected_state',
          'This payment has not been taken, so there is nothing to refund.',
        );
      }
      // A hold refunds what was captured, never the part of it that was let go.
      const left = amountReceivedOf(intent) - intent.amountRefunded;
      if (left <= 0)
        throw invalid('charge_already_refunded', 'This payment has already been refunded in full.');
      const amount = input.amount ?? left;
      if (amount > left) {
        throw invalid(
          'amount_too_large',
          `Refund amount (£${(amount / 100).toFixed(2)}) is greater than the unrefunded amount of the payment (£${(left / 100).toFixed(2)}).`,
        );
      }
      // The condition keeps the books right even if the row lock were ever missing.
      const updated = await tx
        .update(sandboxPaymentIntents)
        .set({
          amountRefunded: sql`${sandboxPaymentIntents.amountRefunded} + ${amount}`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(sandboxPaymentIntents.id, intent.id),
            sql`${sandboxPaymentIntents.amountRefunded} + ${amount} <= coalesce(${sandboxPaymentIntents.amountCaptured}, ${sandboxPaymentIntents.amount})`,
          ),
        )
        .returning({ id: sandboxPaymentIntents.id });
      if (updated.length === 0)
        throw invalid('amount_too_large', 'The refund is more than is left to refund.');
      const id = sandboxId('re');
      await tx.insert(sandboxRefunds).values({ id, paymentIntentId: intent.id, amount, status: 'succeeded' });
      return { id, paymentIntentId: intent.id, amount, status: 'succeeded' as const };
    });
  }

  /** Detaching is idempotent: a method already detached stays detached. */
  async detachPaymentMethod(processor: ProcessorName, ref: string): Promise<void> {
    const updated = await this.db
      .update(sandboxPaymentMethods)
      .set({ customerId: null })
      .where(and(eq(sandboxPaymentMethods.id, ref), eq(sandboxPaymentMethods.type, KIND[processor])))
      .returning({ id: sandboxPaymentMethods.id });
    if (updated.length === 0) throw missing('payment_method', ref);
  }

  async #customer(tx: DbOrTx, id: string) {
    const [row] = await tx.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, id));
    if (!row) throw missing('customer', id);
    return row;
  }

  // ---- the browser's side: card form, 3-D Secure, PayPal approval ----

  /** The card setup intent a card form was opened for, when the client secret is right. */
  async cardSetupFor(clientSecret: string): Promise<SetupRow | null> {
    const id = intentIdOfClientSecret(clientSecret);
    if (!id?.startsWith('seti_')) return null;
    const [row] = await this.db.select().from(sandboxSetupIntents).where(eq(sandboxSetupIntents.id, id));
    if (!row || row.type !== 'card' || !sameSecret(clientSecret, row.clientSecret)) return null;
    return row;
  }

  /**
   * Confirms a card setup intent with a card the form has checked. Saving succeeds for every test card
   * (declines happen when a card is charged, as at Stripe). Sending the form twice is harmless.
   */
  async confirmCardSetup(clientSecret: string, card: CardFacts): Promise<CardSetupResult> {
    const id = intentIdOfClientSecret(clientSecret);
    return this.db.transaction(async (tx) => {
      const [row] = id?.startsWith('seti_')
        ? await tx.select().from(sandboxSetupIntents).where(eq(sandboxSetupIntents.id, id)).for('update')
        : [];
      if (!row || row.type !== 'card' || !sameSecret(clientSecret, row.clientSecret)) {
        return { status: 'failed', setupIntentId: id, message: UNKNOWN_FORM };
      }
      if (row.status === 'succeeded') {
        const [method] = row.paymentMethodId
          ? await tx
              .select()
              .from(sandboxPaymentMethods)
              .where(eq(sandboxPaymentMethods.id, row.paymentMethodId))
          : [];
        return { status: 'succeeded', setupIntent: this.toSetupIntent(row, method ?? null) };
      }
      if (row.status !== 'requires_payment_method') {
        return { status: 'failed', setupIntentId: row.id, message: 'This card form can no longer be used.' };
      }
      const [method] = await tx
        .insert(sandboxPaymentMethods)
        .values({
          id: sandboxId('pm'),
          customerId: row.customerId,
          type: 'card',
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          behaviour: card.behaviour,
        })
        .returning();
      const [updated] = await tx
        .update(sandboxSetupIntents)
        .set({ status: 'succeeded', paymentMethodId: method!.id, lastError: null, updatedAt: sql`now()` })
        .where(eq(sandboxSetupIntents.id, row.id))
        .returning();
      return { status: 'succeeded', setupIntent: this.toSetupIntent(updated!, method!) };
    });
  }

  async challengeFor(id: string, clientSecret: string): Promise<ChallengeView | null> {
    const [found] = await this.db
      .select({ intent: sandboxPaymentIntents, method: sandboxPaymentMethods })
      .from(sandboxPaymentIntents)
      .leftJoin(sandboxPaymentMethods, eq(sandboxPaymentMethods.id, sandboxPaymentIntents.paymentMethodId))
      .where(and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.kind, 'card')));
    if (!found || !sameSecret(clientSecret, found.intent.clientSecret)) return null;
    return {
      id: found.intent.id,
      amount: found.intent.amount,
      brand: found.method?.brand ?? null,
      last4: found.method?.last4 ?? null,
      status: found.intent.status,
      returnUrl: found.intent.returnUrl ?? '/',
    };
  }

  /**
   * Completes or fails a 3-D Secure challenge; returns where the browser goes next (the intent's return URL
   * with ?payment_intent=…), or null when the id and secret do not match. A second answer changes nothing.
   */
  async finishChallenge(
    id: string,
    clientSecret: string,
    outcome: 'complete' | 'fail',
  ): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(sandboxPaymentIntents)
        .where(and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.kind, 'card')))
        .for('update');
      if (!row || !sameSecret(clientSecret, row.clientSecret)) return null;
      let status = row.status;
      if (status === 'requires_action') {
        const succeeded = outcome === 'complete';
        const held = succeeded && row.captureMethod === 'manual';
        status = held ? 'requires_capture' : succeeded ? 'succeeded' : 'requires_payment_method';
        await tx
          .update(sandboxPaymentIntents)
          .set({
            status,
            lastError: succeeded ? null : storedError(AUTHENTICATION_FAILED),
            authorizedAt: held ? this.clock.now() : null,
            updatedAt: sql`now()`,
          })
          .where(eq(sandboxPaymentIntents.id, row.id));
      }
      return withQuery(row.returnUrl ?? '/', {
        payment_intent: row.id,
        redirect_status: authorised(status) ? 'succeeded' : 'failed',
      });
    });
  }

  async approvalFor(id: string, clientSecret: string): Promise<ApprovalView | null> {
    if (id.startsWith('pi_')) {
      const [found] = await this.db
        .select({ intent: sandboxPaymentIntents, email: sandboxCustomers.email })
        .from(sandboxPaymentIntents)
        .leftJoin(sandboxCustomers, eq(sandboxCustomers.id, sandboxPaymentIntents.customerId))
        .where(and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.kind, 'paypal')));
      if (!found || !sameSecret(clientSecret, found.intent.clientSecret)) return null;
      return {
        kind: 'payment',
        id,
        amount: found.intent.amount,
        email: found.email ?? null,
        status: found.intent.status,
        returnUrl: found.intent.returnUrl ?? '/',
      };
    }
    if (id.startsWith('seti_')) {
      const [found] = await this.db
        .select({ intent: sandboxSetupIntents, email: sandboxCustomers.email })
        .from(sandboxSetupIntents)
        .leftJoin(sandboxCustomers, eq(sandboxCustomers.id, sandboxSetupIntents.customerId))
        .where(and(eq(sandboxSetupIntents.id, id), eq(sandboxSetupIntents.type, 'paypal')));
      if (!found || !sameSecret(clientSecret, found.intent.clientSecret)) return null;
      return {
        kind: 'setup',
        id,
        amount: null,
        email: found.email ?? null,
        status: found.intent.status,
        returnUrl: found.intent.returnUrl ?? '/',
      };
    }
    return null;
  }

  /**
   * The PayPal buyer approves (as `email`) or cancels. Returns the return URL with ?token=…&payment_intent=…
   * (or &setup_intent=…), or null when the id and secret do not match. A second answer changes nothing.
   */
  async decidePaypal(
    id: string,
    clientSecret: string,
    decision: { approve: true; email: string } | { approve: false },
  ): Promise<string | null> {
    const behaviour: CardBehaviour =
      decision.approve && DECLINING_PAYPAL_BUYER.test(decision.email) ? 'decline:generic_decline' : 'succeed';
    const email = decision.approve ? decision.email.toLowerCase() : null;
    return this.db.transaction(async (tx) => {
      if (id.startsWith('pi_')) {
        const [row] = await tx
          .select()
          .from(sandboxPaymentIntents)
          .where(and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.kind, 'paypal')))
          .for('update');
        if (!row || !sameSecret(clientSecret, row.clientSecret)) return null;
        let status = row.status;
        if (status === 'requires_action') {
          let methodId: string | null = null;
          let lastError: PaymentError | null = {
            code: 'payment_intent_authentication_failure',
            declineCode: null,
            message: 'You cancelled the PayPal payment.',
          };
          if (decision.approve) {
            // A one-off PayPal payment: the account is not saved to the customer.
            const [method] = await tx
              .insert(sandboxPaymentMethods)
              .values({ id: sandboxId('pm'), customerId: null, type: 'paypal', email, behaviour })
              .returning();
            methodId = method!.id;
            const code = declineCodeOf(behaviour);
            lastError = code ? declined(code, true) : null;
          }
          // A hold's approval authorises the account (PayPal's AUTHORIZE order); nothing is taken yet.
          const held = !lastError && row.captureMethod === 'manual';
          status = lastError ? 'requires_payment_method' : held ? 'requires_capture' : 'succeeded';
          await tx
            .update(sandboxPaymentIntents)
            .set({
              status,
              paymentMethodId: methodId,
              lastError: storedError(lastError),
              authorizedAt: held ? this.clock.now() : null,
              updatedAt: sql`now()`,
            })
            .where(eq(sandboxPaymentIntents.id, row.id));
        }
        return withQuery(row.returnUrl ?? '/', {
          token: row.id,
          payment_intent: row.id,
          redirect_status: authorised(status) ? 'succeeded' : 'failed',
        });
      }
      if (id.startsWith('seti_')) {
        const [row] = await tx
          .select()
          .from(sandboxSetupIntents)
          .where(and(eq(sandboxSetupIntents.id, id), eq(sandboxSetupIntents.type, 'paypal')))
          .for('update');
        if (!row || !sameSecret(clientSecret, row.clientSecret)) return null;
        let status = row.status;
        if (status === 'requires_action') {
          if (decision.approve) {
            const [method] = await tx
              .insert(sandboxPaymentMethods)
              .values({ id: sandboxId('pm'), customerId: row.customerId, type: 'paypal', email, behaviour })
              .returning();
            status = 'succeeded';
            await tx
              .update(sandboxSetupIntents)
              .set({ status, paymentMethodId: method!.id, lastError: null, updatedAt: sql`now()` })
              .where(eq(sandboxSetupIntents.id, row.id));
          } else {
            status = 'requires_payment_method';
            await tx
              .update(sandboxSetupIntents)
              .set({
                status,
                lastError: storedError({
                  code: 'setup_intent_authentication_failure',
                  declineCode: null,
                  message: 'You cancelled saving your PayPal account.',
                }),
                updatedAt: sql`now()`,
              })
              .where(eq(sandboxSetupIntents.id, row.id));
          }
        }
        return withQuery(row.returnUrl ?? '/', {
          token: row.id,
          setup_intent: row.id,
          redirect_status: status === 'succeeded' ? 'succeeded' : 'failed',
        });
      }
      return null;
    });
  }
}

const UNKNOWN_FORM = 'This card form has expired or its link is wrong. Close it and try again.';

/** What an intent took: all of it once an automatic one succeeds; what was captured of a hold. */
function amountReceivedOf(row: IntentRow): number {
  if (row.status !== 'succeeded') return 0;
  return row.captureMethod === 'manual' ? (row.amountCaptured ?? 0) : row.amount;
}

/** Whether the browser goes back to the shop told it went through: paid, or held for capture. */
function authorised(status: string): boolean {
  return status === 'succeeded' || status === 'requires_capture';
}

function savedMethod(row: MethodRow): SavedMethod {
  return {
    ref: row.id,
    type: row.type,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    email: row.email,
  };
}

/** What charging a saved method does, on- or off-session. */
function chargeOutcome(
  method: MethodRow,
  offSession: boolean,
): { status: 'succeeded' | 'requires_action' | 'requires_payment_method'; lastError: PaymentError | null } {
  const behaviour: CardBehaviour = isCardBehaviour(method.behaviour) ? method.behaviour : 'succeed';
  if (behaviour === 'authenticate_on_session') {
    return offSession
      ? { status: 'succeeded', lastError: null }
      : { status: 'requires_action', lastError: null };
  }
  if (behaviour === 'authenticate_always') {
    return offSession
      ? { status: 'requires_payment_method', lastError: AUTHENTICATION_REQUIRED }
      : { status: 'requires_action', lastError: null };
  }
  const code = declineCodeOf(behaviour);
  if (code) return { status: 'requires_payment_method', lastError: declined(code, method.type === 'paypal') };
  return { status: 'succeeded', lastError: null };
}

class SandboxProcessor implements PaymentProcessor {
  constructor(
    private readonly books: PaymentsSandbox,
    readonly name: ProcessorName,
  ) {}

  createCustomer(input: { customerId: string; email: string }, idempotencyKey: string) {
    return this.books.createCustomer(this.name, input, idempotencyKey);
  }
  createSetupIntent(
    input: { customerRef: string; type: 'card' | 'paypal'; returnUrl: string },
    idempotencyKey: string,
  ) {
    return this.books.createSetupIntent(this.name, input, idempotencyKey);
  }
  retrieveSetupIntent(id: string) {
    return this.books.retrieveSetupIntent(this.name, id);
  }
  createPaymentIntent(input: Parameters<PaymentProcessor['createPaymentIntent']>[0], idempotencyKey: string) {
    return this.books.createPaymentIntent(this.name, input, idempotencyKey);
  }
  retrievePaymentIntent(id: string) {
    return this.books.retrievePaymentIntent(this.name, id);
  }
  capturePaymentIntent(id: string, input: { amount: number }, idempotencyKey: string) {
    return this.books.capturePaymentIntent(this.name, id, input, idempotencyKey);
  }
  cancelPaymentIntent(id: string, idempotencyKey: string) {
    return this.books.cancelPaymentIntent(this.name, id, idempotencyKey);
  }
  refund(input: { paymentIntentId: string; amount?: number }, idempotencyKey: string) {
    return this.books.refund(this.name, input, idempotencyKey);
  }
  detachPaymentMethod(ref: string) {
    return this.books.detachPaymentMethod(this.name, ref);
  }
}

/**
 * The sandbox's Stripe: cards, saved with the card form, charged by the test numbers' rules. `clock` ages
 * holds; the sandbox's pages must run on the same one (PaymentsSandboxRoutesOptions.sandboxClock).
 */
export function createSandboxStripe(db: Db, publicUrl: string, clock: Clock = systemClock): PaymentProcessor {
  return new SandboxProcessor(new PaymentsSandbox(db, publicUrl, clock), 'stripe');
}

/** The sandbox's PayPal: accounts approved on the approval page, one-off or saved; `clock` as above. */
export function createSandboxPaypal(db: Db, publicUrl: string, clock: Clock = systemClock): PaymentProcessor {
  return new SandboxProcessor(new PaymentsSandbox(db, publicUrl, clock), 'paypal');
}
