import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema/customers';
import { shopStaff } from '../../db/schema/staff';
import { clearRateLimits, insertCustomer, PASSWORD, signIn, uniqueEmail } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { staffAccount } from './staff-accounts';

// The account a member of staff signs in with, made by the operator's command for any role (kitchen or
// shop-wide): confirmed, no marketing, the given or a generated password; an existing account kept as it is;
// the role given in the same transaction as the account, so a failed grant leaves no account behind.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => clearRateLimits(t));
afterAll(() => t.close());

const accountOf = async (email: string) =>
  (await t.database.db.select().from(customers).where(eq(customers.email, email)))[0];

test('a new account: its address confirmed, no marketing, the given password signs in; the role is given', async () => {
  const email = uniqueEmail('new-staff');
  const made = await staffAccount(
    t.database.db,
    { email: `  ${email.toUpperCase()} `, password: PASSWORD, lastName: 'Bell' },
    'Staff',
    async (tx, customerId) => {
      await tx.insert(shopStaff).values({ customerId, role: 'support' });
    },
  );
  expect(made).toEqual({ customerId: expect.any(String), email, created: true, generatedPassword: null });
  const account = await accountOf(email);
  expect(account).toMatchObject({ id: made.customerId, firstName: 'Staff', lastName: 'Bell' });
  expect(account!.emailConfirmedAt).toBeInstanceOf(Date);
  expect([account!.acceptsEmails, account!.acceptsSms, account!.acceptsMail]).toEqual([false, false, false]);
  const roles = await t.database.db.select().from(shopStaff).where(eq(shopStaff.customerId, made.customerId));
  expect(roles.map((row) => row.role)).toEqual(['support']);
  await signIn(t.visitor(), email);
});

test('without a password one is generated and shown once: it signs in', async () => {
  const email = uniqueEmail('generated');
  const made = await staffAccount(t.database.db, { email }, 'Kitchen', async () => {});
  expect(made.created).toBe(true);
  expect(made.generatedPassword).toMatch(/^[\w-]{16}$/);
  expect((await accountOf(email))!.firstName).toBe('Kitchen');
  await signIn(t.visitor(), email, made.generatedPassword!);
});

test('an address with an account keeps it and its password; nothing is generated', async () => {
  const existing = await insertCustomer(t, { firstName: 'Gia' });
  const made = await staffAccount(
    t.database.db,
    { email: existing.email, password: 'a different password 1843', firstName: 'Other' },
    'Staff',
    async () => {},
  );
  expect(made).toEqual({
    customerId: existing.id,
    email: existing.email,
    created: false,
    generatedPassword: null,
  });
  expect((await accountOf(existing.email))!.firstName).toBe('Gia');
  await signIn(t.visitor(), existing.email);
});

test('not an email address is refused; a failed grant leaves no account behind', async () => {
  await expect(
    staffAccount(t.database.db, { email: 'not-an-address' }, 'Staff', async () => {}),
  ).rejects.toThrow('not-an-address is not an email address');
  const email = uniqueEmail('half-made');
  await expect(
    staffAccount(t.database.db, { email, password: PASSWORD }, 'Staff', async () => {
      throw new Error('the role could not be given');
    }),
  ).rejects.toThrow('the role could not be given');
  expect(await accountOf(email)).toBeUndefined();
});
