import { queryOptions } from '@tanstack/react-query';
import {
  staffOrderDetailModel,
  staffOrderSummaryModel,
  type RefundBody,
  type StaffOrderDetail,
  type StaffOrderQuery,
  type StaffOrderSummaryView,
} from '../../../../contracts/back-office-orders';
import { api, isApiError } from '../../../shared/api/client';
import { readMany, readMeta, readOne } from '../../../shared/api/documents';

// The back office's orders (issue 25 part 4): the search, one order, and a refund. The back office is its own
// chunk, so it checks every answer with the contracts; a refund carries an Idempotency-Key made once per
// attempt by its caller.

export type { StaffOrderDetail, StaffOrderSummaryView };

export type OrderSearch = Pick<StaffOrderQuery, 'number' | 'email' | 'postcode' | 'date'> & { page?: number };

const noRetryWhenRefused = (count: number, error: unknown) =>
  count < 2 &&
  !isApiError(error, 'FORBIDDEN', 'UNAUTHENTICATED', 'NOT_FOUND', 'ORDER_NOT_FOUND', 'VALIDATION_FAILED');

export const staffOrderQueries = {
  all: ['back-office', 'orders'] as const,
  search: (search: OrderSearch) =>
    queryOptions({
      queryKey: [...staffOrderQueries.all, 'search', search] as const,
      queryFn: async ({ signal }) => {
        const doc = await api('GET', '/back_office/orders', {
          signal,
          query: { ...search, page: search.page ?? 1, perPage: 25 },
        });
        return {
          orders: readMany(doc, staffOrderSummaryModel),
          meta: readMeta<{ page: number; perPage: number; total: number }>(doc, null),
        };
      },
      retry: noRetryWhenRefused,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...staffOrderQueries.all, 'detail', id] as const,
      queryFn: async ({ signal }) =>
        readOne(await api('GET', `/back_office/orders/${id}`, { signal }), staffOrderDetailModel),
      retry: noRetryWhenRefused,
    }),
};

export const staffOrderApi = {
  refund: async (id: string, body: RefundBody, idempotencyKey: string): Promise<StaffOrderDetail> =>
    readOne(
      await api('POST', `/back_office/orders/${id}/refunds`, { body, idempotencyKey }),
      staffOrderDetailModel,
    ),
};
