import { queryOptions } from '@tanstack/react-query';
import {
  staffCustomerDetailModel,
  staffCustomerModel,
  type CreditAdjustBody,
  type PlanActionBody,
  type StaffCustomerDetail,
  type StaffCustomerView,
} from '../../../../contracts/back-office-orders';
import { api, isApiError } from '../../../shared/api/client';
import { readMany, readOne } from '../../../shared/api/documents';

// The back office's customers (issue 25 part 4): the search, one customer, credit adjusted and a plan changed
// on their behalf. Each write carries an Idempotency-Key made once per attempt by its caller.

export type { StaffCustomerDetail, StaffCustomerView };

const noRetryWhenRefused = (count: number, error: unknown) =>
  count < 2 &&
  !isApiError(error, 'FORBIDDEN', 'UNAUTHENTICATED', 'NOT_FOUND', 'CUSTOMER_NOT_FOUND', 'VALIDATION_FAILED');

export const staffCustomerQueries = {
  all: ['back-office', 'customers'] as const,
  search: (search: { q?: string; postcode?: string }) =>
    queryOptions({
      queryKey: [...staffCustomerQueries.all, 'search', search] as const,
      queryFn: async ({ signal }) =>
        readMany(await api('GET', '/back_office/customers', { signal, query: search }), staffCustomerModel),
      enabled: Boolean(search.q || search.postcode),
      retry: noRetryWhenRefused,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...staffCustomerQueries.all, 'detail', id] as const,
      queryFn: async ({ signal }) =>
        readOne(await api('GET', `/back_office/customers/${id}`, { signal }), staffCustomerDetailModel),
      retry: noRetryWhenRefused,
    }),
};

export const staffCustomerApi = {
  adjustCredit: async (id: string, body: CreditAdjustBody, idempotencyKey: string) =>
    readOne(
      await api('POST', `/back_office/customers/${id}/credit`, { body, idempotencyKey }),
      staffCustomerDetailModel,
    ),
  planAction: async (id: string, body: PlanActionBody, idempotencyKey: string) =>
    readOne(
      await api('POST', `/back_office/customers/${id}/plan_actions`, { body, idempotencyKey }),
      staffCustomerDetailModel,
    ),
};
