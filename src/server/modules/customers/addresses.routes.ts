import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addressDocument,
  addressListDocument,
  addressParams,
  createAddressBody,
  updateAddressBody,
} from '../../../contracts/addresses';
import { requireCustomer } from '../../http/session';
import { toAddress } from './addresses.service';
import type { AddressesService } from './addresses.service';

const tags = ['addresses'];

function addressDoc(row: Parameters<typeof toAddress>[0]) {
  const { id, ...attributes } = toAddress(row);
  return { id, type: 'addresses' as const, attributes };
}

export interface AddressRoutesOptions {
  addresses: AddressesService;
}

export async function addressRoutes(app: FastifyInstance, { addresses }: AddressRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = addresses;

  r.get(
    '/addresses',
    {
      schema: {
        tags,
        summary: "The customer's addresses, the default first",
        response: { 200: addressListDocument },
      },
    },
    async (request) => ({ data: (await service.list(requireCustomer(request))).map(addressDoc) }),
  );

  r.post(
    '/addresses',
    {
      schema: {
        tags,
        summary: 'Add an address (the first one becomes the default)',
        body: createAddressBody,
        response: { 201: addressDocument },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: addressDoc(await service.create(requireCustomer(request), request.body)) }),
  );

  r.put(
    '/addresses/:id',
    {
      schema: {
        tags,
        summary: 'Change an address',
        params: addressParams,
        body: updateAddressBody,
        response: { 200: addressDocument },
      },
    },
    async (request) => ({
      data: addressDoc(await service.update(requireCustomer(request), request.params.id, request.body)),
    }),
  );

  r.delete(
    '/addresses/:id',
    { schema: { tags, summary: 'Delete an address', params: addressParams } },
    async (request, reply) => {
      await service.remove(requireCustomer(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    '/addresses/:id/default',
    {
      schema: {
        tags,
        summary: 'Make an address the default',
        params: addressParams,
        response: { 200: addressDocument },
      },
    },
    async (request) => ({
      data: addressDoc(await service.makeDefault(requireCustomer(request), request.params.id)),
    }),
  );
}
