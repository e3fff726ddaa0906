import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { voucherDocument, voucherParams } from '../../../contracts/vouchers';
import type { VouchersService } from './vouchers.service';
import type { CountCodeAttempt } from './voucher-attempts';

// The HTTP edge of vouchers (spec §7 Vouchers). Codes on a basket are the baskets area's
// (baskets/basket-vouchers.routes.ts); every look-up of a code counts against its limits (voucher-attempts).

export interface VoucherRoutesOptions {
  vouchers: VouchersService;
  countCodeAttempt: CountCodeAttempt;
}

export async function voucherRoutes(
  app: FastifyInstance,
  { vouchers, countCodeAttempt }: VoucherRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = vouchers;
  const tags = ['vouchers'];

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
      await countCodeAttempt(request);
      const { id, terms } = await service.terms(request.params.id);
      return { data: { id, type: 'vouchers' as const, attributes: terms } };
    },
  );
}
