import { queryOptions } from '@tanstack/react-query';
import {
  auditEntryModel,
  backOfficeMeModel,
  staffInvitationModel,
  staffMemberModel,
  type AuditEntryView,
  type BackOfficeMe,
  type StaffInvitation,
  type StaffInvitationBody,
  type StaffMemberView,
  type StaffRolesBody,
} from '../../../contracts/back-office';
import { productionPlanModel, type ProductionPlanView } from '../../../contracts/production';
import { api, isApiError } from '../../shared/api/client';
import { readMany, readMeta, readOne } from '../../shared/api/documents';

// The back office's own reads and writes (issue 25 part 1): who is signed in, the staff, invitations and the
// audit log. The back office is its own chunk, so it checks every answer with the contracts. Each write carries
// an Idempotency-Key made once per attempt by its caller.

export type { AuditEntryView, BackOfficeMe, ProductionPlanView, StaffInvitation, StaffMemberView };

/** A read refused (not signed in, not allowed, not found, bad input) is not tried again; others twice. */
export const noRetryWhenRefused = (count: number, error: unknown) =>
  count < 2 && !isApiError(error, 'FORBIDDEN', 'UNAUTHENTICATED', 'NOT_FOUND', 'VALIDATION_FAILED');

export interface BackOfficeRestaurant {
  id: string;
  name: string;
}

export const backOfficeQueries = {
  all: ['back-office'] as const,
  me: () =>
    queryOptions({
      queryKey: [...backOfficeQueries.all, 'me'] as const,
      queryFn: async ({ signal }) =>
        readOne(await api('GET', '/back_office/me', { signal }), backOfficeMeModel),
      retry: noRetryWhenRefused,
    }),
  staff: () =>
    queryOptions({
      queryKey: [...backOfficeQueries.all, 'staff'] as const,
      queryFn: async ({ signal }) =>
        readMany(await api('GET', '/back_office/staff', { signal }), staffMemberModel),
      retry: noRetryWhenRefused,
    }),
  invitations: () =>
    queryOptions({
      queryKey: [...backOfficeQueries.all, 'invitations'] as const,
      queryFn: async ({ signal }) =>
        readMany(await api('GET', '/back_office/invitations', { signal }), staffInvitationModel),
      retry: noRetryWhenRefused,
    }),
  /** Every restaurant, open or not (GET /restaurants/all): for kitchens and restaurant screens. */
  restaurants: () =>
    queryOptions({
      queryKey: [...backOfficeQueries.all, 'restaurants'] as const,
      queryFn: async ({ signal }) => {
        const doc = (await api('GET', '/restaurants/all', { signal })) as {
          data: { id: string; attributes: { name: string } }[];
        };
        return doc.data.map((r): BackOfficeRestaurant => ({ id: r.id, name: r.attributes.name }));
      },
      staleTime: 5 * 60_000,
    }),
  /** The kitchen's plan for a delivery day (issue 25 part 5). */
  production: (date: string) =>
    queryOptions({
      queryKey: [...backOfficeQueries.all, 'production', date] as const,
      queryFn: async ({ signal }) =>
        readOne(
          await api('GET', '/back_office/production', { signal, query: { date } }),
          productionPlanModel,
        ),
      retry: noRetryWhenRefused,
    }),
  /** The delivery days ahead with boxes to make. */
  productionDays: () =>
    queryOptions({
      queryKey: [...backOfficeQueries.all, 'production-days'] as const,
      queryFn: async ({ signal }) => {
        const doc = (await api('GET', '/back_office/production/days', { signal })) as {
          data: { id: string; attributes: { dateLabel: string; boxes: number } }[];
        };
        return doc.data.map((day) => ({ date: day.id, ...day.attributes }));
      },
      retry: noRetryWhenRefused,
    }),
  audit: (before: number | null) =>
    queryOptions({
      queryKey: [...backOfficeQueries.all, 'audit', before] as const,
      queryFn: async ({ signal }) => {
        const doc = await api('GET', '/back_office/audit', {
          signal,
          query: { before: before ?? undefined },
        });
        return {
          entries: readMany(doc, auditEntryModel),
          nextBefore: readMeta<{ nextBefore: number | null }>(doc, null).nextBefore,
        };
      },
      retry: noRetryWhenRefused,
    }),
};

export const backOfficeApi = {
  invite: async (body: StaffInvitationBody, idempotencyKey: string): Promise<StaffInvitation> =>
    readOne(await api('POST', '/back_office/invitations', { body, idempotencyKey }), staffInvitationModel),
  revoke: async (id: string): Promise<void> => {
    await api('DELETE', `/back_office/invitations/${id}`);
  },
  changeRoles: async (id: string, body: StaffRolesBody, idempotencyKey: string): Promise<StaffMemberView> =>
    readOne(await api('PUT', `/back_office/staff/${id}`, { body, idempotencyKey }), staffMemberModel),
  remove: async (id: string): Promise<void> => {
    await api('DELETE', `/back_office/staff/${id}`);
  },
  accept: async (token: string): Promise<BackOfficeMe> =>
    readOne(await api('POST', '/back_office/invitations/accept', { body: { token } }), backOfficeMeModel),
};
