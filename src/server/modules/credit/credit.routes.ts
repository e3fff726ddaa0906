import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { creditVoucherDocument, storeCreditTransactionsDocument } from '../../../contracts/credit';
import { creditVoucherBody } from '../../../contracts/vouchers';
import {
  compareSpendOrder,
  CREDIT_SOURCE_LABELS,
  creditSourceOf,
  daysLeft,
  expiringWithin,
  lastDayOf,
  nextExpiry,
} from '../../../domain/wallet';
import { requireCustomer } from '../../http/session';
import type { CountCodeAttempt } from '../vouchers';
import type { CreditService } from './credit.service';
import type { CreditTransactionRow } from './ledger';
import type { LotRow } from './wallet.repo';

// Store credit (spec §7 Customers): a credit code turned into credit (credit_voucher), and the customer's one
// wallet (store_credit_transactions; issue 23 part 4): every movement with where its credit came from and
// when it expires, the lots with credit left and what expires next.

const sourceOf = (source: string | null) =>
  source === null
    ? { source: null, sourceLabel: null }
    : { source: creditSourceOf(source), sourceLabel: CREDIT_SOURCE_LABELS[creditSourceOf(source)] };

/** A movement of store credit as the API shows it. */
const transactionResource = (transaction: CreditTransactionRow, source: string | null, now: Date) => ({
  id: transaction.id,
  type: 'store_credit_transactions' as const,
  attributes: {
    amount: transaction.amount,
    balanceAfter: transaction.balanceAfter,
    reason: transaction.reason,
    description: transaction.description,
    reference: transaction.reference,
    createdAt: transaction.createdAt.toISOString(),
    ...sourceOf(source),
    expiresAt: transaction.expiresAt?.toISOString() ?? null,
    expiresOn: transaction.expiresAt ? lastDayOf(transaction.expiresAt) : null,
    expired: transaction.expiresAt !== null && transaction.expiresAt.getTime() <= now.getTime(),
  },
});

const lotView = (lot: LotRow, now: Date, soon: ReadonlySet<string>) => {
  const source = creditSourceOf(lot.source);
  return {
    id: lot.id,
    source,
    sourceLabel: CREDIT_SOURCE_LABELS[source],
    description: lot.description,
    amount: lot.amount,
    remaining: lot.remaining,
    createdAt: lot.createdAt.toISOString(),
    expiresAt: lot.expiresAt?.toISOString() ?? null,
    expiresOn: lot.expiresAt ? lastDayOf(lot.expiresAt) : null,
    daysLeft: lot.expiresAt ? daysLeft(lot.expiresAt, now) : null,
    expiresSoon: soon.has(lot.id),
  };
};

export interface CreditRoutesOptions {
  credit: CreditService;
  countCodeAttempt: CountCodeAttempt;
}

export async function creditRoutes(app: FastifyInstance, { credit, countCodeAttempt }: CreditRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = credit;

  r.post(
    '/customers/credit_voucher',
    {
      schema: {
        tags: ['customers'],
        summary:
          'Turn a credit code into store credit: once per code per customer, within its usage limit (signed in)',
        body: creditVoucherBody,
        response: { 201: creditVoucherDocument },
      },
    },
    async (request, reply) => {
      const customerId = requireCustomer(request);
      await countCodeAttempt(request);
      const { balance, transaction, source, now } = await service.redeemCreditVoucher(
        customerId,
        request.body.code,
      );
      return reply.status(201).send({
        data: transactionResource(transaction, source, now),
        meta: { balance },
      });
    },
  );

  r.get(
    '/store_credit_transactions',
    {
      schema: {
        tags: ['customers'],
        summary:
          "The customer's wallet: every movement of their store credit, newest first, with where it came from and when it expires; the credit left by lot, spent oldest-expiring first, and what expires next",
        response: { 200: storeCreditTransactionsDocument },
      },
    },
    async (request) => {
      const { balance, now, transactions, lots } = await service.wallet(requireCustomer(request));
      // Lots whose date has come are the expiry job's to take off: no longer there to spend.
      const live = lots
        .filter((lot) => lot.remaining > 0 && (!lot.expiresAt || lot.expiresAt.getTime() > now.getTime()))
        .sort(compareSpendOrder);
      const soon = new Set(expiringWithin(live, now).map((lot) => lot.id));
      const next = nextExpiry(live, now);
      return {
        data: transactions.map(({ row, source }) => transactionResource(row, source, now)),
        meta: {
          balance,
          nextExpiry: next
            ? {
                amount: next.amount,
                expiresAt: next.expiresAt.toISOString(),
                expiresOn: next.lastDay,
                daysLeft: daysLeft(next.expiresAt, now),
              }
            : null,
          lots: live.map((lot) => lotView(lot, now, soon)),
        },
      };
    },
  );
}
