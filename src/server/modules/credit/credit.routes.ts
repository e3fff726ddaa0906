import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { creditVoucherBody, creditVoucherDocument } from '../../../contracts/vouchers';
import { requireCustomer } from '../../http/session';
import type { CreditService } from './credit.service';
import type { CountCodeAttempt } from '../vouchers';

// Store credit codes (spec §7 Customers: credit_voucher). The movements are listed by the customers
// module's GET /store_credit_transactions.

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
        data: {
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
        },
        meta: { balance },
      });
    },
  );
}
