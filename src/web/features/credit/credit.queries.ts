import { queryOptions } from '@tanstack/react-query';
import {
  storeCreditTransactionModel,
  walletMetaSchema,
  type StoreCreditTransaction,
  type WalletMeta,
} from '../../../contracts/credit';
import { api } from '../../shared/api/client';
import { readMany, readMeta, readOne } from '../../shared/api/documents';
import { customerQueries } from '../../shared/customer.queries';

// Store credit, one wallet (spec §3 Customer storeCredits; §7 credit_voucher, store_credit_transactions;
// issue 23 part 4): every movement with where it came from and when it expires, the lots left and what
// expires next; and a credit code that adds to it. The balance also comes with the customer (customerQueries.me).

export interface WalletView extends WalletMeta {
  history: StoreCreditTransaction[];
}

export const creditQueries = {
  wallet: () =>
    queryOptions({
      queryKey: [...customerQueries.all, 'store-credit'] as const,
      queryFn: async ({ signal }): Promise<WalletView> => {
        const doc = await api('GET', '/store_credit_transactions', { signal });
        return { ...readMeta(doc, walletMetaSchema), history: readMany(doc, storeCreditTransactionModel) };
      },
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
