import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerDocument as customerDocumentSchema,
  dateOfBirthBody,
  fingerprintBody,
  paperlessBody,
  phoneBody,
  updateMeBody,
} from '../../../contracts/customers';
import { requireCustomer } from '../../http/session';
import type { CustomersService } from './customers.service';

// The HTTP edge of the customer's own details (spec §7 Customers): profile, phone, date of birth, paperless,
// the browser's fingerprint. The store credit history is credit's (credit.routes.ts).

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
}
