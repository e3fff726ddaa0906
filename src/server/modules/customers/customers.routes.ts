import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerDocument as customerDocumentSchema,
  dateOfBirthBody,
  fingerprintBody,
  paperlessBody,
  phoneBody,
  storeCreditTransactionsDocument,
  updateMeBody,
} from '../../../contracts/customers';
import { requireCustomer } from '../../http/session';
import type { CustomersService } from './customers.service';

// The HTTP edge of the customer's own details (spec §7 Customers): profile, phone, date of birth, paperless,
// the browser's fingerprint and the store credit history.

const tags = ['customers'];

export interface CustomerRoutesOptions {
  customers: CustomersService;
}

export async function customerRoutes(app: FastifyInstance, { customers }: CustomerRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/me',
    {
      schema: {
        tags,
        summary: 'The signed-in customer (401 when signed out)',
        response: { 200: customerDocumentSchema },
      },
    },
    async (request) => await customers.document(await customers.me(requireCustomer(request))),
  );

  r.put(
    '/me',
    {
      schema: {
        tags,
        summary: "Update the customer's own names and marketing preferences; any other field is refused",
        body: updateMeBody,
        response: { 200: customerDocumentSchema },
      },
    },
    async (request) =>
      await customers.document(await customers.update(requireCustomer(request), request.body)),
  );

  r.put(
    '/customers/date_of_birth',
    { schema: { tags, body: dateOfBirthBody, response: { 200: customerDocumentSchema } } },
    async (request) =>
      await customers.document(
        await customers.setDateOfBirth(requireCustomer(request), request.body.dateOfBirth),
      ),
  );

  r.put(
    '/customers/phone',
    {
      schema: {
        tags,
        summary: 'Set the phone: UK numbers only, stored as +44…',
        body: phoneBody,
        response: { 200: customerDocumentSchema },
      },
    },
    async (request) =>
      await customers.document(await customers.setPhone(requireCustomer(request), request.body.phone)),
  );

  r.put(
    '/customers/paperless',
    { schema: { tags, body: paperlessBody, response: { 200: customerDocumentSchema } } },
    async (request) =>
      await customers.document(
        await customers.setPaperless(requireCustomer(request), request.body.paperless),
      ),
  );

  r.post(
    '/customers/fingerprint',
    { schema: { tags, summary: 'Register this device for fraud checks', body: fingerprintBody } },
    async (request, reply) => {
      await customers.setFingerprint(requireCustomer(request), request.body.fingerprint);
      return reply.status(204).send();
    },
  );

  r.get(
    '/store_credit_transactions',
    {
      schema: {
        tags,
        summary: "Every movement of the customer's store credit, newest first",
        response: { 200: storeCreditTransactionsDocument },
      },
    },
    async (request) => {
      const { balance, transactions } = await customers.creditTransactions(requireCustomer(request));
      return {
        data: transactions.map((t) => ({
          id: t.id,
          type: 'store_credit_transactions' as const,
          attributes: {
            amount: t.amount,
            balanceAfter: t.balanceAfter,
            reason: t.reason,
            description: t.description,
            reference: t.reference,
            createdAt: t.createdAt.toISOString(),
          },
        })),
        meta: { balance },
      };
    },
  );
}
