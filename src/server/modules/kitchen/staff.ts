import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors';
import type { Db, DbOrTx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { restaurants, staffMemberships } from '../../db/schema/restaurants';
import { hashPassword } from '../auth';
import { createOrFindCustomer, findCustomerByEmail } from '../customers';

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
  openingHours: (typeof restaurants.$inferSelect)['openingHours'];
}

export async function staffRestaurants(db: DbOrTx, customerId: string): Promise<StaffRestaurant[]> {
  return db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      site: restaurants.site,
      role: staffMemberships.role,
      prepMinutes: restaurants.prepMinutes,
      busyMinutes: restaurants.busyMinutes,
      openingHours: restaurants.openingHours,
    })
    .from(staffMemberships)
    .innerJoin(restaurants, eq(restaurants.id, staffMemberships.restaurantId))
    .where(eq(staffMemberships.customerId, customerId))
    .orderBy(asc(restaurants.name));
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

export interface AddedStaff {
  customerId: string;
  email: string;
  restaurantId: string;
  /** The account was made now; its password is the one given, or this generated one (shown once). */
  created: boolean;
  generatedPassword: string | null;
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
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new DomainError('INVALID_EMAIL', `${input.email} is not an email address`);
  const [restaurant] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.id, input.restaurantId));
  if (!restaurant)
    throw new DomainError('RESTAURANT_NOT_FOUND', `There is no restaurant "${input.restaurantId}"`);
  const existing = await findCustomerByEmail(db, email);
  const generatedPassword = !existing && !input.password ? randomBytes(12).toString('base64url') : null;
  const passwordHash = existing ? null : await hashPassword(input.password ?? generatedPassword!);
  return db.transaction(async (tx) => {
    let customerId = existing?.id;
    let created = false;
    if (!customerId) {
      const made = await createOrFindCustomer(tx, {
        email,
        firstName: input.firstName ?? 'Kitchen',
        lastName: input.lastName ?? '',
        passwordHash: passwordHash!,
        acceptsEmails: false,
        acceptsSms: false,
        acceptsMail: false,
        emailConfirmedAt: new Date(),
      });
      customerId = made.customer.id;
      created = made.created;
    }
    await tx
      .insert(staffMemberships)
      .values({ customerId, restaurantId: restaurant.id })
      .onConflictDoNothing();
    return {
      customerId,
      email,
      restaurantId: restaurant.id,
      created,
      generatedPassword: created ? generatedPassword : null,
    };
  });
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

export function listStaff(db: Db) {
  return db
    .select({
      email: customers.email,
      restaurantId: staffMemberships.restaurantId,
      role: staffMemberships.role,
    })
    .from(staffMemberships)
    .innerJoin(customers, eq(customers.id, staffMemberships.customerId))
    .orderBy(asc(staffMemberships.restaurantId), asc(customers.email));
}
