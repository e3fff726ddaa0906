import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { basketVoucherSchema, voucherStateSchema, type BasketVoucher } from '../../../contracts/vouchers';
import { api, isApiError } from '../../shared/api/client';
import { readMany, readMeta, readOne } from '../../shared/api/documents';

// A basket's voucher (spec §7 Baskets vouchers; §5 codes are upper-cased before sending; §8 messages: the
// server's message on a 400, otherwise "Invalid code").

export interface BasketVoucherState {
  voucher: BasketVoucher | null;
  state: { valid: boolean; message: string };
}

const listMeta = z.object({ state: voucherStateSchema });

export const voucherQueries = {
  all: ['baskets', 'vouchers'] as const,
  forBasket: (basketId: string) =>
    queryOptions({
      queryKey: [...voucherQueries.all, basketId] as const,
      queryFn: async ({ signal }): Promise<BasketVoucherState> => {
        const doc = await api('GET', `/baskets/${basketId}/vouchers`, { signal });
        const voucher = readMany(doc, basketVoucherSchema)[0] ?? null;
        return { voucher, state: voucher?.state ?? readMeta(doc, listMeta).state };
      },
    }),
};

export const INVALID_CODE = 'Invalid code';

/** Spec §8: why a code was refused, in the server's words (an expired code, a malformed one). */
const REFUSED_CODE = ['VOUCHER_INVALID', 'VALIDATION_FAILED'] as const;

/** What to show when a code is refused. */
export function voucherErrorMessage(error: unknown): string {
  return isApiError(error, ...REFUSED_CODE) ? error.message : INVALID_CODE;
}

export const vouchersApi = {
  apply: async (basketId: string, code: string): Promise<BasketVoucher> =>
    readOne(
      await api('POST', `/baskets/${basketId}/vouchers`, { body: { code: code.trim().toUpperCase() } }),
      basketVoucherSchema,
    ),
  remove: async (basketId: string, voucherId: string): Promise<void> => {
    await api('DELETE', `/baskets/${basketId}/vouchers/${voucherId}`);
  },
};
