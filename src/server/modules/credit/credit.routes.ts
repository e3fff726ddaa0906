import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { storeCreditTransactionsDocument } from '../../../contracts/customers';
import { creditVoucherBody, creditVoucherDocument } from '../../../contracts/vouchers';
import { requireCustomer } from '../../http/session';
import type { CountCodeAttempt } from '../vouchers';
import type { CreditService, CreditTransactionRow } from './credit.service';

// Store credit (spec §7 Customers): a credit code turned into credit (credit_voucher), and every movement of
// the customer's credit (store_credit_transactions).

/** A movement of store credit as the API shows it. */
const transactionResource = (transaction: CreditTransactionRow) => ({
  id: transaction.id,
  type: 'store_credit_transactions' as const,
  attributes: {
    amount: transaction.amount,
    balanceAfter: transaction.balanceAfter,
    reason: transaction.reason,
    description: transaction.description,
    reference: transaction.reference,
    createdAt: transaction.createdAt.toISOString(),
  },
});

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
      const { balance, transaction } = await service.redeemCreditVoucher(customerId, request.body.code);
      return reply.status(201).send({
        data: transactionResource(transaction),
        meta: { balance },
      });
    },
  );

  r.get(
    '/store_credit_transactions',
    {
      schema: {
        tags: ['customers'],
        summary: "Every movement of the customer's store credit, newest first",
        response: { 200: storeCreditTransactionsDocument },
      },
    },
    async (request) => {
      const { balance, transactions } = await service.transactions(requireCustomer(request));
      return {
        data: transactions.map(transactionResource),
        meta: { balance },
      };
    },
  );
}
