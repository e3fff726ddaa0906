import { and, eq } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors';
import { may, SHOP_ROLES, type Capability, type ShopRole, type StaffRole } from '../../../domain/staff-roles';
import type { Db, DbOrTx } from '../../db/client';
import { shopStaff } from '../../db/schema/staff';
import { staffAccount, type StaffAccount } from '../auth';
import { customerContacts, findCustomerByEmail } from '../customers';
import { kitchenRestaurantIdsOf } from '../kitchen';

// Who holds which role (issue 25 part 1): the shop-wide roles are this area's table; the kitchen's, per
// restaurant, are the kitchen's (its face). `requireCapability` is the check every back-office call makes.

export { SHOP_ROLES, type ShopRole };

export const NOT_FOR_YOUR_ROLE = 'Your role doesn’t include this. Ask an owner of the shop if you need it.';
export const NOT_STAFF = 'This is for the people who run Sfoglia. Ask an owner to invite you.';

export async function hasShopRole(db: DbOrTx, customerId: string, role: ShopRole): Promise<boolean> {
  const [row] = await db
    .select({ role: shopStaff.role })
    .from(shopStaff)
    .where(and(eq(shopStaff.customerId, customerId), eq(shopStaff.role, role)));
  return row !== undefined;
}

export async function shopRolesOf(db: DbOrTx, customerId: string): Promise<ShopRole[]> {
  const rows = await db
    .select({ role: shopStaff.role })
    .from(shopStaff)
    .where(eq(shopStaff.customerId, customerId));
  return SHOP_ROLES.filter((role) => rows.some((row) => row.role === role));
}

/** Every role the account holds: its shop-wide roles, and `kitchen` when it works at any restaurant. */
export async function staffRolesOf(db: DbOrTx, customerId: string): Promise<StaffRole[]> {
  const [shop, kitchens] = await Promise.all([
    shopRolesOf(db, customerId),
    kitchenRestaurantIdsOf(db, customerId),
  ]);
  return kitchens.length > 0 ? [...shop, 'kitchen'] : shop;
}

export interface StaffMember {
  customerId: string;
  roles: StaffRole[];
}

/** The caller's roles when they include the capability: 403 otherwise (with no roles at all, a plainer 403). */
export async function requireCapability(
  db: DbOrTx,
  customerId: string,
  capability: Capability,
): Promise<StaffMember> {
  const roles = await staffRolesOf(db, customerId);
  if (roles.length === 0) throw new DomainError('FORBIDDEN', NOT_STAFF);
  if (!may(roles, capability)) throw new DomainError('FORBIDDEN', NOT_FOR_YOUR_ROLE);
  return { customerId, roles };
}

/** Everyone holding the owner role. */
export async function ownerIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ customerId: shopStaff.customerId })
    .from(shopStaff)
    .where(eq(shopStaff.role, 'owner'));
  return rows.map((row) => row.customerId);
}

/** Replaces an account's shop-wide roles with these. */
export async function setShopRoles(tx: DbOrTx, customerId: string, roles: readonly ShopRole[]) {
  await tx.delete(shopStaff).where(eq(shopStaff.customerId, customerId));
  if (roles.length > 0)
    await tx
      .insert(shopStaff)
      .values(roles.map((role) => ({ customerId, role })))
      .onConflictDoNothing();
}

export interface AddedShopStaff extends StaffAccount {
  role: ShopRole;
}

/**
 * The operator's command (`npm run staff -- add --role …`): gives an account a shop-wide role, making the
 * account (its email confirmed: the operator vouches for it) when there is none. Giving it twice changes
 * nothing. The first owner is made this way; owners then invite everyone else from the back office.
 */
export async function addShopStaff(
  db: Db,
  input: {
    email: string;
    role: ShopRole;
    password?: string | null;
    firstName?: string;
    lastName?: string;
  },
): Promise<AddedShopStaff> {
  const account = await staffAccount(db, input, 'Staff', async (tx, customerId) => {
    await tx.insert(shopStaff).values({ customerId, role: input.role }).onConflictDoNothing();
  });
  return { ...account, role: input.role };
}

/** Takes a shop-wide role from an account: whether it had it. */
export async function removeShopStaff(db: Db, email: string, role: ShopRole): Promise<boolean> {
  const account = await findCustomerByEmail(db, email.trim().toLowerCase());
  if (!account) return false;
  const removed = await db
    .delete(shopStaff)
    .where(and(eq(shopStaff.customerId, account.id), eq(shopStaff.role, role)))
    .returning({ customerId: shopStaff.customerId });
  return removed.length > 0;
}

/** Everyone with a shop-wide role, a row per role: their email and role, by role and then email. */
export async function listShopStaff(
  db: DbOrTx,
): Promise<{ customerId: string; email: string; role: ShopRole }[]> {
  const rows = await db.select().from(shopStaff);
  const contacts = await customerContacts(db, [...new Set(rows.map((row) => row.customerId))]);
  return rows
    .flatMap((row) => {
      const email = contacts.get(row.customerId)?.email;
      return email ? [{ customerId: row.customerId, email, role: row.role }] : [];
    })
    .sort((a, b) => a.role.localeCompare(b.role) || a.email.localeCompare(b.email));
}
