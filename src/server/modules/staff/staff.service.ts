import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { longDayLabel, londonDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import {
  capabilitiesOf,
  isShopRole,
  keepsAnOwner,
  LAST_OWNER,
  ROLE_LABELS,
  type ShopRole,
  type StaffRole,
} from '../../../domain/staff-roles';
import type { StaffInvitationBody, StaffRolesBody } from '../../../contracts/back-office';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { shopStaff, staffInvitations } from '../../db/schema/staff';
import { enqueueEmail } from '../../integrations/email';
import { staffInvitation } from '../../integrations/email/staff-templates';
import { customerContacts, findCustomerById } from '../customers';
import { restaurantsOf } from '../restaurants';
import { kitchenMemberships, kitchenRestaurantIdsOf, setKitchenRestaurants } from '../kitchen';
import { auditEntries, recordChange, type AuditEntry } from './audit';
import { requireCapability, setShopRoles, shopRolesOf, staffRolesOf } from './roles';

// Staff, their roles and invitations, and the audit log (issue 25 part 1). Owners invite by email (a link that
// works once, for a week, for the invited address only), change roles and remove staff while the shop runs;
// every change is in the audit log in its own transaction, and the shop always keeps an owner: the owners' rows
// are locked first (one lock order) so two owners demoting each other at once cannot leave none.

const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface Actor {
  customerId: string;
  email: string;
}

export interface StaffMemberRow {
  id: string;
  email: string;
  name: string;
  roles: ShopRole[];
  kitchenRestaurants: string[];
}

export interface InvitationView {
  id: string;
  email: string;
  role: StaffRole;
  restaurantIds: string[];
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  link?: string;
}

export class StaffService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  /** The caller, when they hold any role at all (403 otherwise). */
  async me(customerId: string) {
    await requireCapability(this.db, customerId, 'enter');
    const [customer, roles, kitchenRestaurants] = await Promise.all([
      findCustomerById(this.db, customerId),
      staffRolesOf(this.db, customerId),
      kitchenRestaurantIdsOf(this.db, customerId),
    ]);
    return {
      id: customerId,
      email: customer?.email ?? '',
      firstName: customer?.firstName ?? '',
      roles,
      capabilities: capabilitiesOf(roles),
      kitchenRestaurants,
    };
  }

  /** An actor for the audit log, after the capability check. */
  async actor(customerId: string, capability: Parameters<typeof requireCapability>[2]): Promise<Actor> {
    await requireCapability(this.db, customerId, capability);
    const customer = await findCustomerById(this.db, customerId);
    return { customerId, email: customer?.email ?? 'unknown' };
  }

  async list(customerId: string): Promise<StaffMemberRow[]> {
    await requireCapability(this.db, customerId, 'staff');
    return membersOf(this.db);
  }

  async member(customerId: string, memberId: string): Promise<StaffMemberRow> {
    await requireCapability(this.db, customerId, 'staff');
    const found = (await membersOf(this.db)).find((member) => member.id === memberId);
    if (!found) throw new DomainError('NOT_FOUND', 'We couldn’t find that member of staff');
    return found;
  }

  /** An owner changes someone's roles; none of either removes them from the staff. */
  async changeRoles(customerId: string, memberId: string, body: StaffRolesBody): Promise<StaffMemberRow> {
    const actor = await this.actor(customerId, 'staff');
    const roles = [...new Set(body.roles)].filter(isShopRole);
    const kitchens = [...new Set(body.kitchenRestaurants)].sort();
    return this.db.transaction(async (tx) => {
      // One lock order: the owners' rows, then the member's.
      const owners = await lockOwners(tx);
      const before = await memberOf(tx, memberId);
      if (!before) throw new DomainError('NOT_FOUND', 'We couldn’t find that member of staff');
      if (!keepsAnOwner(owners, memberId, roles)) throw new DomainError('CONFLICT', LAST_OWNER);
      await setShopRoles(tx, memberId, roles);
      await setKitchenRestaurants(tx, memberId, kitchens);
      const after = { roles, kitchenRestaurants: kitchens };
      const removed = roles.length === 0 && kitchens.length === 0;
      await recordChange(tx, {
        actorId: actor.customerId,
        actorEmail: actor.email,
        action: removed ? 'staff.remove' : 'staff.change_roles',
        subjectType: 'staff',
        subjectId: memberId,
        before: { email: before.email, roles: before.roles, kitchenRestaurants: before.kitchenRestaurants },
        after: { email: before.email, ...after },
        at: this.clock.now(),
      });
      return { ...before, ...after };
    });
  }

  async remove(customerId: string, memberId: string): Promise<void> {
    await this.changeRoles(customerId, memberId, { roles: [], kitchenRestaurants: [] });
  }

  async invitations(customerId: string): Promise<InvitationView[]> {
    await requireCapability(this.db, customerId, 'staff');
    const rows = await this.db
      .select()
      .from(staffInvitations)
      .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
      .orderBy(asc(staffInvitations.createdAt));
    const now = this.clock.now();
    const inviters = await customerContacts(
      this.db,
      rows.flatMap((row) => (row.invitedBy ? [row.invitedBy] : [])),
    );
    return rows
      .filter((row) => row.expiresAt > now)
      .map((row) => invitationView(row, row.invitedBy ? (inviters.get(row.invitedBy)?.email ?? null) : null));
  }

  /** An owner invites someone: the link is emailed (and returned once, to share by hand). */
  async invite(customerId: string, body: StaffInvitationBody): Promise<InvitationView> {
    const actor = await this.actor(customerId, 'staff');
    const email = body.email.trim().toLowerCase();
    const restaurantIds = body.role === 'kitchen' ? [...new Set(body.restaurantIds ?? [])].sort() : [];
    if (body.role === 'kitchen' && restaurantIds.length === 0)
      throw new DomainError('VALIDATION_FAILED', 'Choose at least one restaurant for a member of a kitchen.');
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
    const link = `${this.publicUrl}/back-office/invitation?invitation=${token}`;
    return this.db.transaction(async (tx) => {
      await assertRestaurants(tx, restaurantIds);
      const [row] = await tx
        .insert(staffInvitations)
        .values({
          email,
          role: body.role,
          restaurantIds,
          tokenHash: hashToken(token),
          invitedBy: actor.customerId,
          createdAt: now,
          expiresAt,
        })
        .returning();
      await recordChange(tx, {
        actorId: actor.customerId,
        actorEmail: actor.email,
        action: 'staff.invite',
        subjectType: 'staff_invitation',
        subjectId: row!.id,
        after: { email, role: body.role, restaurantIds },
        at: now,
      });
      await enqueueEmail(
        tx,
        staffInvitation({
          to: email,
          role: ROLE_LABELS[body.role],
          invitedBy: actor.email,
          link,
          expires: longDayLabel(londonDate(expiresAt)),
        }),
      );
      return { ...invitationView(row!, actor.email), link };
    });
  }

  async revoke(customerId: string, invitationId: string): Promise<void> {
    const actor = await this.actor(customerId, 'staff');
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(staffInvitations)
        .set({ revokedAt: this.clock.now() })
        .where(
          and(
            eq(staffInvitations.id, invitationId),
            isNull(staffInvitations.acceptedAt),
            isNull(staffInvitations.revokedAt),
          ),
        )
        .returning();
      if (!row) throw new DomainError('NOT_FOUND', 'We couldn’t find that invitation');
      await recordChange(tx, {
        actorId: actor.customerId,
        actorEmail: actor.email,
        action: 'staff.revoke_invitation',
        subjectType: 'staff_invitation',
        subjectId: row.id,
        before: { email: row.email, role: row.role, restaurantIds: row.restaurantIds },
        at: this.clock.now(),
      });
    });
  }

  /**
   * The invited person, signed in with the invited email, joins: once (409 after), before it expires (400),
   * never for another account's address (403).
   */
  async accept(customerId: string, token: string): Promise<StaffRole[]> {
    const customer = await findCustomerById(this.db, customerId);
    if (!customer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue');
    return this.db.transaction(async (tx) => {
      await lockOwners(tx);
      const [row] = await tx
        .select()
        .from(staffInvitations)
        .where(eq(staffInvitations.tokenHash, hashToken(token)))
        .for('update');
      if (!row || row.revokedAt)
        throw new DomainError(
          'NOT_FOUND',
          'This invitation link isn’t valid. Ask the owner who invited you for a new one.',
        );
      if (row.acceptedAt) throw new DomainError('CONFLICT', 'This invitation has already been used.');
      const now = this.clock.now();
      if (row.expiresAt <= now)
        throw new DomainError(
          'TOKEN_INVALID',
          'This invitation has expired. Ask the owner who invited you to send a new one.',
        );
      if (row.email !== customer.email.toLowerCase())
        throw new DomainError(
          'FORBIDDEN',
          `This invitation is for ${row.email}. Sign in with that email address to accept it.`,
        );
      const before = {
        roles: await shopRolesOf(tx, customerId),
        kitchenRestaurants: await kitchenRestaurantIdsOf(tx, customerId),
      };
      if (row.role === 'kitchen') {
        await setKitchenRestaurants(tx, customerId, [...before.kitchenRestaurants, ...row.restaurantIds]);
      } else {
        await tx.insert(shopStaff).values({ customerId, role: row.role }).onConflictDoNothing();
      }
      await tx
        .update(staffInvitations)
        .set({ acceptedAt: now, acceptedBy: customerId })
        .where(eq(staffInvitations.id, row.id));
      const after = {
        roles: await shopRolesOf(tx, customerId),
        kitchenRestaurants: await kitchenRestaurantIdsOf(tx, customerId),
      };
      await recordChange(tx, {
        actorId: customerId,
        actorEmail: customer.email,
        action: 'staff.join',
        subjectType: 'staff',
        subjectId: customerId,
        before,
        after,
        at: now,
      });
      return staffRolesOf(tx, customerId);
    });
  }

  async audit(
    customerId: string,
    query: { before?: number; subjectType?: string; subjectId?: string },
  ): Promise<{ entries: AuditEntry[]; nextBefore: number | null }> {
    await requireCapability(this.db, customerId, 'audit');
    const limit = 50;
    const entries = await auditEntries(this.db, { ...query, limit: limit + 1 });
    const page = entries.slice(0, limit);
    return { entries: page, nextBefore: entries.length > limit ? page[page.length - 1]!.id : null };
  }
}

async function lockOwners(tx: DbOrTx): Promise<string[]> {
  const rows = await tx
    .select({ customerId: shopStaff.customerId })
    .from(shopStaff)
    .where(eq(shopStaff.role, 'owner'))
    .orderBy(asc(shopStaff.customerId))
    .for('update');
  return rows.map((row) => row.customerId);
}

/** 404 for a restaurant that does not exist. */
async function assertRestaurants(tx: DbOrTx, restaurantIds: readonly string[]) {
  if (restaurantIds.length === 0) return;
  const known = new Set((await restaurantsOf(tx, restaurantIds)).map((restaurant) => restaurant.id));
  const missing = restaurantIds.find((id) => !known.has(id));
  if (missing) throw new DomainError('RESTAURANT_NOT_FOUND', `There is no restaurant "${missing}"`);
}

async function membersOf(db: DbOrTx): Promise<StaffMemberRow[]> {
  const [shop, kitchens] = await Promise.all([db.select().from(shopStaff), kitchenMemberships(db)]);
  const ids = [...new Set([...shop.map((row) => row.customerId), ...kitchens.map((row) => row.customerId)])];
  const contacts = await customerContacts(db, ids);
  return ids
    .flatMap((id) => {
      const contact = contacts.get(id);
      if (!contact) return [];
      return [
        {
          id,
          email: contact.email,
          name: contact.firstName,
          roles: shop.filter((row) => row.customerId === id).map((row) => row.role),
          kitchenRestaurants: kitchens
            .filter((row) => row.customerId === id)
            .map((row) => row.restaurantId)
            .sort(),
        },
      ];
    })
    .sort((a, b) => a.email.localeCompare(b.email));
}

async function memberOf(db: DbOrTx, memberId: string): Promise<StaffMemberRow | null> {
  const roles = await shopRolesOf(db, memberId);
  const kitchenRestaurants = await kitchenRestaurantIdsOf(db, memberId);
  if (roles.length === 0 && kitchenRestaurants.length === 0) return null;
  const contact = (await customerContacts(db, [memberId])).get(memberId);
  if (!contact) return null;
  return { id: memberId, email: contact.email, name: contact.firstName, roles, kitchenRestaurants };
}

function invitationView(row: typeof staffInvitations.$inferSelect, invitedBy: string | null): InvitationView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    restaurantIds: row.restaurantIds,
    invitedBy,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}
