import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { SHOP_ROLES, STAFF_ROLES } from '../../../domain/staff-roles';
import { customers } from './customers';

// The people who run the shop (issue 25 part 1): shop-wide roles (the kitchen's, per restaurant, are the
// kitchen's staff_memberships), invitations to join, and the audit log of every change staff make.

/** Shop-wide staff roles: owner, manager, support, events host. Held once each; given by an owner. */
export const shopStaff = pgTable(
  'shop_staff',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    role: text('role', { enum: SHOP_ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.role] })],
);

/**
 * An owner's invitation to join the staff: the link emailed carries a token whose SHA-256 is kept here (never
 * the token). Accepted once, by a signed-in account with the invited email, before it expires.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    /** For the kitchen role: the restaurants it is for. */
    restaurantIds: jsonb('restaurant_ids').$type<string[]>().notNull().default([]),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => customers.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_invitations_email_idx').on(t.email)],
);

/**
 * Every change a member of staff makes (issue 25 part 1): who, what, when, what it was before and after, and
 * the customer it was done on behalf of, if any. Written in the same transaction as the change; never edited.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The actor's email when it was done: the log outlives an account. */
    actorEmail: text('actor_email').notNull(),
    /** "staff.invite", "dish.update", "order.refund"… */
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** The customer the change was made for ("on behalf of"), when it was one's. */
    onBehalfOf: uuid('on_behalf_of').references(() => customers.id, { onDelete: 'set null' }),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('staff_audit_at_idx').on(t.at),
    index('staff_audit_subject_idx').on(t.subjectType, t.subjectId),
  ],
);
