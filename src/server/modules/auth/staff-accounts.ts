import { randomBytes } from 'node:crypto';
import { DomainError } from '../../../domain/errors';
import type { Db, DbOrTx } from '../../db/client';
import { createOrFindCustomer, findCustomerByEmail } from '../customers';
import { hashPassword } from './passwords';

// The account a member of staff signs in with, made by the operator's command (src/server/staff.ts) for the
// kitchen's roles (issue 13 part 3) and the shop-wide ones (issue 25 part 1). Its address counts as confirmed
// (the operator vouches for it) and it takes no marketing; its password is the one given, or one generated and
// shown once. An address that already has an account keeps it, and its password. `grant` gives the role in
// the transaction that makes the account, so an account is never left half made.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface StaffAccount {
  customerId: string;
  email: string;
  created: boolean;
  /** The password generated for a new account when none was given: shown once to the operator. */
  generatedPassword: string | null;
}

export async function staffAccount(
  db: Db,
  input: { email: string; password?: string | null; firstName?: string; lastName?: string },
  defaultFirstName: string,
  grant: (tx: DbOrTx, customerId: string) => Promise<void>,
): Promise<StaffAccount> {
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
        firstName: input.firstName ?? defaultFirstName,
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
    await grant(tx, customerId);
    return { customerId, email, created, generatedPassword: created ? generatedPassword : null };
  });
}
