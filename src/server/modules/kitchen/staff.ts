import { and, eq } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors';
import type { Db, DbOrTx } from '../../db/client';
import { staffMemberships } from '../../db/schema/restaurants';
import { staffAccount, type StaffAccount } from '../auth';
import { customerContacts, findCustomerByEmail } from '../customers';
import { restaurantsOf, type RestaurantRow } from '../restaurants';

// Restaurant staff (issue 13 part 3): an account with a kitchen role at one or more restaurants. Staff are
// made by the operator's command (`npm run staff -- add …`, src/server/staff.ts), never through the API, and
// see only their own restaurants' kitchens: anyone else is refused (403), and another restaurant's tickets
// are not found (404).

export const NOT_STAFF = 'This is for restaurant staff. Ask your manager to add your account to the kitchen.';

export interface StaffRestaurant {
  id: string;
  name: string;
  site: string;
  role: string;
  prepMinutes: number;
  busyMinutes: number;
  openingHours: RestaurantRow['openingHours'];
}

export async function staffRestaurants(db: DbOrTx, customerId: string): Promise<StaffRestaurant[]> {
  const memberships = await db
    .select({ restaurantId: staffMemberships.restaurantId, role: staffMemberships.role })
    .from(staffMemberships)
    .where(eq(staffMemberships.customerId, customerId));
  const roles = new Map(memberships.map((row) => [row.restaurantId, row.role]));
  return (await restaurantsOf(db, [...roles.keys()])).map((restaurant) => ({
    id: restaurant.id,
    name: restaurant.name,
    site: restaurant.site,
    role: roles.get(restaurant.id)!,
    prepMinutes: restaurant.prepMinutes,
    busyMinutes: restaurant.busyMinutes,
    openingHours: restaurant.openingHours,
  }));
}

/** The staff member's restaurants; 403 for an account with none. */
export async function requireStaff(db: DbOrTx, customerId: string): Promise<StaffRestaurant[]> {
  const mine = await staffRestaurants(db, customerId);
  if (mine.length === 0) throw new DomainError('FORBIDDEN', NOT_STAFF);
  return mine;
}

/** One of the staff member's restaurants: 403 when not staff at all, 404 when not theirs. */
export async function requireStaffOf(
  db: DbOrTx,
  customerId: string,
  restaurantId: string,
): Promise<StaffRestaurant> {
  const found = (await requireStaff(db, customerId)).find((restaurant) => restaurant.id === restaurantId);
  if (!found) throw new DomainError('RESTAURANT_NOT_FOUND', 'We couldn’t find that restaurant among yours');
  return found;
}

/** Who works at a restaurant's kitchen, to write to (a low rating of its order; decision 30). */
export async function staffContactsOf(
  db: DbOrTx,
  restaurantId: string,
): Promise<{ id: string; email: string; firstName: string }[]> {
  const memberships = await db
    .select({ customerId: staffMemberships.customerId })
    .from(staffMemberships)
    .where(eq(staffMemberships.restaurantId, restaurantId));
  if (memberships.length === 0) return [];
  const contacts = await customerContacts(
    db,
    memberships.map((row) => row.customerId),
  );
  return [...contacts.values()].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
}

export interface AddedStaff extends StaffAccount {
  restaurantId: string;
}

/**
 * Gives an account the kitchen role at a restaurant, making the account (its email confirmed: the operator
 * vouches for it) when there is none. Adding twice changes nothing.
 */
export async function addStaff(
  db: Db,
  input: {
    email: string;
    restaurantId: string;
    password?: string | null;
    firstName?: string;
    lastName?: string;
  },
): Promise<AddedStaff> {
  const [restaurant] = await restaurantsOf(db, [input.restaurantId]);
  if (!restaurant)
    throw new DomainError('RESTAURANT_NOT_FOUND', `There is no restaurant "${input.restaurantId}"`);
  const account = await staffAccount(db, input, 'Kitchen', async (tx, customerId) => {
    await tx
      .insert(staffMemberships)
      .values({ customerId, restaurantId: restaurant.id })
      .onConflictDoNothing();
  });
  return { ...account, restaurantId: restaurant.id };
}

export async function removeStaff(db: Db, email: string, restaurantId: string): Promise<boolean> {
  const account = await findCustomerByEmail(db, email.trim().toLowerCase());
  if (!account) return false;
  const removed = await db
    .delete(staffMemberships)
    .where(and(eq(staffMemberships.customerId, account.id), eq(staffMemberships.restaurantId, restaurantId)))
    .returning({ customerId: staffMemberships.customerId });
  return removed.length > 0;
}

/** Every member of staff: their email, restaurant and role, by restaurant and then email. */
export async function listStaff(db: Db): Promise<{ email: string; restaurantId: string; role: string }[]> {
  const memberships = await db.select().from(staffMemberships);
  const contacts = await customerContacts(db, [...new Set(memberships.map((row) => row.customerId))]);
  const order = (row: { restaurantId: string; email: string }) =>
    [row.restaurantId, row.email].join('\u0000');
  return memberships
    .flatMap((row) => {
      const email = contacts.get(row.customerId)?.email;
      return email ? [{ email, restaurantId: row.restaurantId, role: row.role }] : [];
    })
    .sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

/** The restaurants whose kitchen the account works in (the back office's roles; issue 25 part 1). */
export async function kitchenRestaurantIdsOf(db: DbOrTx, customerId: string): Promise<string[]> {
  const rows = await db
    .select({ restaurantId: staffMemberships.restaurantId })
    .from(staffMemberships)
    .where(eq(staffMemberships.customerId, customerId));
  return rows.map((row) => row.restaurantId).sort();
}

/** Everyone in a kitchen and where: the back office's staff list. */
export async function kitchenMemberships(
  db: DbOrTx,
): Promise<{ customerId: string; restaurantId: string }[]> {
  return db
    .select({ customerId: staffMemberships.customerId, restaurantId: staffMemberships.restaurantId })
    .from(staffMemberships);
}

/**
 * Puts the account in exactly these restaurants' kitchens (none takes the kitchen role away): an owner's
 * change in the back office, in its transaction. 404 for a restaurant that does not exist.
 */
export async function setKitchenRestaurants(
  tx: DbOrTx,
  customerId: string,
  restaurantIds: readonly string[],
) {
  const unique = [...new Set(restaurantIds)];
  const known = await restaurantsOf(tx, unique);
  const missing = unique.find((id) => !known.some((restaurant) => restaurant.id === id));
  if (missing) throw new DomainError('RESTAURANT_NOT_FOUND', `There is no restaurant "${missing}"`);
  await tx.delete(staffMemberships).where(eq(staffMemberships.customerId, customerId));
  if (unique.length > 0)
    await tx.insert(staffMemberships).values(unique.map((restaurantId) => ({ customerId, restaurantId })));
}
