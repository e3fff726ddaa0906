import * as z from 'zod/mini';
import { CAPABILITIES, SHOP_ROLES, STAFF_ROLES } from '../domain/staff-roles';
import { uuidSchema } from './common';
import { emailSchema } from './email';
import { resource } from './envelope';

// The back office's staff, invitations and audit log (issue 25 part 1). Every call is a member of staff's,
// checked on the server against their roles (domain/staff-roles.ts).

const capability = z.enum(
  Object.keys(CAPABILITIES) as [keyof typeof CAPABILITIES, ...(keyof typeof CAPABILITIES)[]],
);
const restaurantIds = z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.maxLength(50));

/** GET /back_office/me: who is signed in and what they may do. */
export const backOfficeMeAttributes = z.object({
  email: z.string(),
  firstName: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  capabilities: z.array(capability),
  /** The restaurants whose kitchen they work in. */
  kitchenRestaurants: z.array(z.string()),
});
export const backOfficeMeDocument = z.object({ data: resource('staff_members', backOfficeMeAttributes) });
export const backOfficeMeModel = z.extend(backOfficeMeAttributes, { id: z.string() });
export type BackOfficeMe = z.infer<typeof backOfficeMeModel>;

export const staffMemberAttributes = z.object({
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(SHOP_ROLES)),
  kitchenRestaurants: z.array(z.string()),
});
export const staffMembersDocument = z.object({
  data: z.array(resource('staff_members', staffMemberAttributes)),
});
export const staffMemberDocument = z.object({ data: resource('staff_members', staffMemberAttributes) });
export const staffMemberModel = z.extend(staffMemberAttributes, { id: z.string() });
export type StaffMemberView = z.infer<typeof staffMemberModel>;

/** PUT /back_office/staff/{id}: the member's roles from now on (none of either removes them). */
export const staffRolesBody = z.strictObject({
  roles: z.array(z.enum(SHOP_ROLES)).check(z.maxLength(SHOP_ROLES.length)),
  kitchenRestaurants: restaurantIds,
});
export type StaffRolesBody = z.infer<typeof staffRolesBody>;

export const staffParams = z.strictObject({ id: uuidSchema });

/** POST /back_office/invitations. */
export const staffInvitationBody = z.strictObject({
  email: emailSchema,
  role: z.enum(STAFF_ROLES),
  /** For the kitchen role: at least one restaurant. */
  restaurantIds: z.optional(restaurantIds),
});
export type StaffInvitationBody = z.infer<typeof staffInvitationBody>;

export const staffInvitationAttributes = z.object({
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  restaurantIds: z.array(z.string()),
  invitedBy: z.nullable(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Only in the answer to the owner who made it: the link to send, if the email goes astray. */
  link: z.optional(z.string()),
});
export const staffInvitationDocument = z.object({
  data: resource('staff_invitations', staffInvitationAttributes),
});
export const staffInvitationsDocument = z.object({
  data: z.array(resource('staff_invitations', staffInvitationAttributes)),
});
export const staffInvitationModel = z.extend(staffInvitationAttributes, { id: z.string() });
export type StaffInvitation = z.infer<typeof staffInvitationModel>;

/** POST /back_office/invitations/accept: the token from the emailed link. */
export const acceptInvitationBody = z.strictObject({
  token: z.string().check(z.minLength(20), z.maxLength(200)),
});

/** GET /back_office/audit. */
export const auditQuery = z.strictObject({
  /** Entries older than this one (the previous page's `meta.next_before`). */
  before: z.optional(z.coerce.number().check(z.int(), z.positive())),
  subjectType: z.optional(z.string().check(z.maxLength(64))),
  subjectId: z.optional(z.string().check(z.maxLength(128))),
});
export const auditEntryAttributes = z.object({
  actorEmail: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  onBehalfOf: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export const auditDocument = z.object({
  data: z.array(resource('audit_entries', auditEntryAttributes)),
  meta: z.object({ nextBefore: z.nullable(z.number()) }),
});
export const auditEntryModel = z.extend(auditEntryAttributes, { id: z.string() });
export type AuditEntryView = z.infer<typeof auditEntryModel>;
