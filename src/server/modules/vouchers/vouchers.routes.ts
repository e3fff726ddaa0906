import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applyVoucherBody,
  basketVoucherDocument,
  basketVoucherListDocument,
  basketVoucherParams,
  voucherDocument,
  voucherParams,
  type BasketVoucher,
} from '../../../contracts/vouchers';
import { basketParams } from '../../../contracts/baskets';
import type { AppDeps } from '../../deps';
import { clientAddress, hit, type Limit } from '../../http/rate-limit';
import type { DbOrTx } from '../../db/client';
import { ownerOf } from '../baskets/baskets.routes';

// The HTTP edge of vouchers (spec §7 Baskets vouchers, Vouchers). Every look-up of a code counts against a
// limit per browser and per address, so codes cannot be guessed by trying them.

export const VOUCHER_LIMITS = {
  /** Code attempts per browser (or signed-in customer): plenty for typos, too few to guess. */
  perVisitor: { max: 20, windowMs: 15 * 60_000 },
  /** Per client address, whatever cookies it sends. */
  perAddress: { max: 100, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

/** Counts one attempt at a code by this caller. */
export async function countVoucherAttempt(db: DbOrTx, request: FastifyRequest): Promise<void> {
  const customerId = request.session?.kind === 'customer' ? request.session.customerId : null;
  const who = customerId
    ? `customer:${customerId}`
    : request.visitorId
      ? `visitor:${request.visitorId}`
      : null;
  await hit(db, `voucher:ip:${clientAddress(request)}`, VOUCHER_LIMITS.perAddress);
  if (who) await hit(db, `voucher:${who}`, VOUCHER_LIMITS.perVisitor);
}

function basketVoucherResource({ id, ...attributes }: BasketVoucher) {
  return { id, type: 'vouchers' as const, attributes };
}

export async function voucherRoutes(app: FastifyInstance, { database, services }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = services.vouchers;
  const tags = ['vouchers'];

  r.post(
    '/baskets/:id/vouchers',
    {
      schema: {
        tags,
        summary:
          'Apply a code to the basket (trimmed and upper-cased); 400 VOUCHER_INVALID with the reason when it does not apply',
        params: basketParams,
        body: applyVoucherBody,
        response: { 201: basketVoucherDocument },
      },
    },
    async (request, reply) => {
      await countVoucherAttempt(database.db, request);
      const voucher = await service.apply(ownerOf(request), request.params.id, request.body.code);
      return reply.status(201).send({ data: basketVoucherResource(voucher) });
    },
  );

  r.get(
    '/baskets/:id/vouchers',
    {
      schema: {
        tags,
        summary: "The basket's voucher (at most one) and its state",
        params: basketParams,
        response: { 200: basketVoucherListDocument },
      },
    },
    async (request) => {
      const { voucher, state } = await service.forBasket(ownerOf(request), request.params.id);
      return { data: voucher ? [basketVoucherResource(voucher)] : [], meta: { state } };
    },
  );

  r.delete(
    '/baskets/:id/vouchers/:voucherId',
    {
      schema: {
        tags,
        summary: 'Take the code off the basket; its state resets',
        params: basketVoucherParams,
      },
    },
    async (request, reply) => {
      await service.remove(ownerOf(request), request.params.id, request.params.voucherId);
      return reply.status(204).send();
    },
  );

  r.get(
    '/vouchers/:id',
    {
      schema: {
        tags,
        summary: "A voucher's public terms, by its id or its code",
        params: voucherParams,
        response: { 200: voucherDocument },
      },
    },
    async (request) => {
      await countVoucherAttempt(database.db, request);
      const { id, terms } = await service.terms(request.params.id);
      return { data: { id, type: 'vouchers' as const, attributes: terms } };
    },
  );
}
