import { queryOptions } from '@tanstack/react-query';
import { storeCreditTransactionModel, type StoreCreditTransaction } from '../../../contracts/customers';
import { api } from '../../shared/api/client';
import { readMany, readOne } from '../../shared/api/documents';
import { customerQueries } from '../../shared/customer.queries';

// Store credit (spec §3 Customer storeCredits; §7 credit_voucher, store_credit_transactions): its history,
// and a credit code that adds to it. The balance comes with the customer (customerQueries.me).

export const creditQueries = {
  history: () =>
    queryOptions({
      queryKey: [...customerQueries.all, 'store-credit'] as const,
      queryFn: async ({ signal }) =>
        readMany(await api('GET', '/store_credit_transactions', { signal }), storeCreditTransactionModel),
    }),
};

export const creditApi = {
  /** A credit code becomes store credit (codes are upper-cased before sending, spec §5). */
  redeem: async (code: string): Promise<StoreCreditTransaction> =>
    readOne(
      await api('POST', '/customers/credit_voucher', { body: { code: code.trim().toUpperCase() } }),
      storeCreditTransactionModel,
    ),
};
