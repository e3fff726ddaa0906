import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors';
import type { Db, DbOrTx } from '../../db/client';
import { shopStaff } from '../../db/schema/after-order';
import { hashPassword } from '../auth';
import { createOrFindCustomer, customerContacts, findCustomerByEmail } from '../customers';

// The support team (issue 23 part 5; decision 30): accounts with the shop-wide `support` role, given and
// taken only by the operator's command (`npm run staff -- add --email … --role support`, src/server/staff.ts),
// never through the API. They read and answer every question; anyone else, a restaurant's kitchen staff
// included, is refused (403).

export const SHOP_ROLES = ['support'] as const;
export type ShopRole = (typeof SHOP_ROLES)[number];

export const NOT_SUPPORT =
  'This is for the Sfoglia support team. Ask the shop’s operator to add your account to it.';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function hasShopRole(db: DbOrTx, customerId: string, role: ShopRole): Promise<boolean> {
  const [row] = await db
    .select({ role: shopStaff.role })
    .from(shopStaff)
    .where(and(eq(shopStaff.customerId, customerId), eq(shopStaff.role, role)));
  return row !== undefined;
}

/** 403 unless the account is on the support team. */
export async function requireSupport(db: DbOrTx, customerId: string): Promise<void> {
  if (!(await hasShopRole(db, customerId, 'support'))) throw new DomainError('FORBIDDEN', NOT_SUPPORT);
}

export interface AddedShopStaff {
  customerId: string;
  email: string;
  role: ShopRole;
  /** The account was made now; its password is the one given, or this generated one (shown once). */
  created: boolean;
  generatedPassword: string | null;
}

/**
 * Gives an account a shop-wide role, making the account (its email confirmed: the operator vouches for it)
 * when there is none. Giving it twice changes nothing.
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
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new DomainError('INVALID_EMAIL', `${input.email} is not an email address`);
  const existing = await findCustomerByEmail(db, email);
  const generatedPassword = !existing && !input.password ? randomBytes(12).toString('base64url') : null;
  const passwordHash = existing ? null : await hashPassword(input.password ?? generatedPassword!);
  return db.transaction(async (tx) => {
    let customerId = existing?.id;
    let created = false;
    if (!customerId) {
      const made = await createOrFindCustomer(tx, {
        email,
        firstName: input.firstName ?? 'Support',
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
    await tx.insert(shopStaff).values({ customerId, role: input.role }).onConflictDoNothing();
    return {
      customerId,
      email,
      role: input.role,
      created,
      generatedPassword: created ? generatedPassword : null,
    };
  });
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

/** Everyone with a shop-wide role: their email and role, by role and then email. */
export async function listShopStaff(db: Db): Promise<{ email: string; role: ShopRole }[]> {
  const rows = await db.select().from(shopStaff);
  const contacts = await customerContacts(db, [...new Set(rows.map((row) => row.customerId))]);
  return rows
    .flatMap((row) => {
      const email = contacts.get(row.customerId)?.email;
      return email ? [{ email, role: row.role }] : [];
    })
    .sort((a, b) => a.role.localeCompare(b.role) || a.email.localeCompare(b.email));
}
