import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { basketParams } from '../../../contracts/baskets';
import {
  applyVoucherBody,
  basketVoucherDocument,
  basketVoucherListDocument,
  basketVoucherParams,
  type BasketVoucher,
} from '../../../contracts/vouchers';
import { ownerOf } from '../../http/basket-owner';
import type { BasketVouchersService } from './basket-vouchers.service';
import type { CountCodeAttempt } from '../vouchers';

// The HTTP edge of a basket's voucher (spec §7 Baskets vouchers).

function basketVoucherResource({ id, ...attributes }: BasketVoucher) {
  return { id, type: 'vouchers' as const, attributes };
}

export interface BasketVoucherRoutesOptions {
  basketVouchers: BasketVouchersService;
  countCodeAttempt: CountCodeAttempt;
}

export async function basketVoucherRoutes(
  app: FastifyInstance,
  { basketVouchers, countCodeAttempt }: BasketVoucherRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = basketVouchers;
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
      await countCodeAttempt(request);
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
}
