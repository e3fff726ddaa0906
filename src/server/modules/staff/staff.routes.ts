import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptInvitationBody,
  auditDocument,
  auditQuery,
  backOfficeMeDocument,
  staffInvitationBody,
  staffInvitationDocument,
  staffInvitationsDocument,
  staffMemberDocument,
  staffMembersDocument,
  staffParams,
  staffRolesBody,
} from '../../../contracts/back-office';
import { requireCustomer } from '../../http/session';
import type { InvitationView, StaffMemberRow, StaffService } from './staff.service';

// The HTTP edge of the back office's staff (issue 25 part 1): who am I, the staff and their roles, invitations,
// accepting one, and the audit log. Signed in (401), holding the capability (403): checked by the service.

export interface StaffRoutesOptions {
  staff: StaffService;
}

const tags = ['back office'];
const memberResource = ({ id, ...attributes }: StaffMemberRow) => ({
  id,
  type: 'staff_members' as const,
  attributes,
});
const invitationResource = ({ id, createdAt, expiresAt, ...rest }: InvitationView) => ({
  id,
  type: 'staff_invitations' as const,
  attributes: { ...rest, createdAt: createdAt.toISOString(), expiresAt: expiresAt.toISOString() },
});

export async function staffRoutes(app: FastifyInstance, { staff }: StaffRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/back_office/me',
    {
      schema: {
        tags,
        summary:
          'The signed-in member of staff: their roles and what they may do (403 for anyone without a role)',
        response: { 200: backOfficeMeDocument },
      },
    },
    async (request) => {
      const { id, ...attributes } = await staff.me(requireCustomer(request));
      return { data: { id, type: 'staff_members' as const, attributes } };
    },
  );

  r.get(
    '/back_office/staff',
    {
      schema: {
        tags,
        summary: 'Everyone on the staff with their roles (owners only)',
        response: { 200: staffMembersDocument },
      },
    },
    async (request) => ({ data: (await staff.list(requireCustomer(request))).map(memberResource) }),
  );

  r.put(
    '/back_office/staff/:id',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Change a member’s roles (owners only): the shop-wide roles and the restaurants whose kitchen they work in; none of either removes them (the answer then shows none). The last owner cannot stop being one (409)',
        params: staffParams,
        body: staffRolesBody,
        response: { 200: staffMemberDocument },
      },
    },
    async (request) => {
      const member = await staff.changeRoles(requireCustomer(request), request.params.id, request.body);
      return { data: memberResource(member) };
    },
  );

  r.delete(
    '/back_office/staff/:id',
    {
      schema: {
        tags,
        summary: 'Remove a member of staff (owners only); not the last owner (409)',
        params: staffParams,
      },
    },
    async (request, reply) => {
      await staff.remove(requireCustomer(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    '/back_office/invitations',
    {
      schema: {
        tags,
        summary: 'Invitations not yet accepted, revoked or expired (owners only)',
        response: { 200: staffInvitationsDocument },
      },
    },
    async (request) => ({
      data: (await staff.invitations(requireCustomer(request))).map(invitationResource),
    }),
  );

  r.post(
    '/back_office/invitations',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Invite someone to the staff with a role (owners only): a link that works once, for a week, is emailed to them and returned here',
        body: staffInvitationBody,
        response: { 201: staffInvitationDocument },
      },
    },
    async (request, reply) => {
      const invitation = await staff.invite(requireCustomer(request), request.body);
      return reply.status(201).send({ data: invitationResource(invitation) });
    },
  );

  r.delete(
    '/back_office/invitations/:id',
    {
      schema: {
        tags,
        summary: 'Withdraw an invitation not yet accepted (owners only)',
        params: staffParams,
      },
    },
    async (request, reply) => {
      await staff.revoke(requireCustomer(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    '/back_office/invitations/accept',
    {
      schema: {
        tags,
        summary:
          'Accept an invitation, signed in with the invited email (403 for another address, 409 used, 400 TOKEN_INVALID expired, 404 unknown or withdrawn)',
        body: acceptInvitationBody,
        response: { 200: backOfficeMeDocument },
      },
    },
    async (request) => {
      const customerId = requireCustomer(request);
      await staff.accept(customerId, request.body.token);
      const { id, ...attributes } = await staff.me(customerId);
      return { data: { id, type: 'staff_members' as const, attributes } };
    },
  );

  r.get(
    '/back_office/audit',
    {
      schema: {
        tags,
        summary: 'Who changed what and when, the latest first, 50 at a time (owners only)',
        querystring: auditQuery,
        response: { 200: auditDocument },
      },
    },
    async (request) => {
      const { entries, nextBefore } = await staff.audit(requireCustomer(request), request.query);
      return {
        data: entries.map(({ id, at, ...attributes }) => ({
          id: String(id),
          type: 'audit_entries' as const,
          attributes: { ...attributes, at: at.toISOString() },
        })),
        meta: { nextBefore },
      };
    },
  );
}
