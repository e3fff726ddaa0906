import { DomainError } from '../../../domain/errors';
import { onInboxProved, type InboxProof } from '../../../domain/email-confirmation';
import type { SignUpBody } from '../../../contracts/customers';
import type { Db, DbOrTx } from '../../db/client';
import { enqueueEmail } from '../../integrations/email';
import { confirmSignUp } from '../../integrations/email/templates';
import { hit, LIMITS } from '../../security/rate-limit';
import { endCustomerSessions } from '../../security/sessions';
import { createOrFindCustomer, findCustomerById, updateCustomer, type CustomerRow } from '../customers';
import { hashPassword } from './passwords';
import { issueToken, useToken } from './one-time-tokens';
import { forgetDevices } from './known-devices';
import type { StartSession } from './accounts.service';

// Instant sign-up (decision 18, superseding 6): the account is made and signed in at once, and an email asks
// the customer to confirm the address. Until they do, the account holds nothing its holder could lose to
// the inbox's owner: whoever proves the inbox (a reset, an emailed sign-in link, a provider's verified email)
// takes the account over, ending every session and clearing a password nobody confirmed.

export const EMAIL_TAKEN_MESSAGE =
  'There is already an account with this email. Log in, or reset your password if you have forgotten it.';

const LINK_EXPIRED = 'This link has expired or was already used. Please ask for a new one.';

export function isConfirmed(customer: Pick<CustomerRow, 'emailConfirmedAt'>): boolean {
  return customer.emailConfirmedAt !== null;
}

async function sendConfirmation(tx: DbOrTx, publicUrl: string, customer: CustomerRow): Promise<void> {
  const token = await issueToken(tx, {
    purpose: 'confirm_email',
    email: customer.email,
    customerId: customer.id,
  });
  await enqueueEmail(
    tx,
    confirmSignUp({
      to: customer.email,
      firstName: customer.firstName,
      // Not `?token=`: the web app signs in with any `token` it finds in the address (spec §2).
      link: `${publicUrl}/account?confirm=${encodeURIComponent(token)}`,
      resetLink: `${publicUrl}/forgot-password`,
    }),
  );
}

/**
 * Creates the account and starts its session in one transaction; an email that has an account already is
 * refused with EMAIL_TAKEN (decision 18 says why telling so is accepted). Limited per address and per email.
 */
export async function signUp(
  db: Db,
  publicUrl: string,
  body: SignUpBody,
  address: string,
  start: StartSession,
  perAddress: number | null = null,
  joined: (tx: DbOrTx, customer: CustomerRow) => Promise<void> = async () => {},
): Promise<CustomerRow> {
  const addressLimit = perAddress ? { ...LIMITS.signUpPerAddress, max: perAddress } : LIMITS.signUpPerAddress;
  await hit(db, `signup:ip:${address}`, addressLimit);
  await hit(db, `signup:email:${body.email}`, LIMITS.signUpPerEmail);
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const made = await createOrFindCustomer(tx, {
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      passwordHash,
      acceptsEmails: body.acceptsEmails ?? false,
      acceptsSms: body.acceptsSms ?? false,
      acceptsMail: body.acceptsMail ?? false,
    });
    if (!made.created) throw new DomainError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
    // What joining brings (a friend's referral welcome: decision 30), never a reason for it to fail.
    await joined(tx, made.customer);
    await sendConfirmation(tx, publicUrl, made.customer);
    await start(made.customer.id, tx);
    return made.customer;
  });
}

/** Confirms the signed-in customer's email with the emailed token: one person holds inbox and password. */
export async function confirmEmail(db: Db, customerId: string, token: string): Promise<CustomerRow> {
  return db.transaction(async (tx) => {
    const row = await useToken(tx, token, ['confirm_email']);
    // Another account's link is refused and, the transaction rolling back, left unspent for its owner.
    if (!row || row.customerId !== customerId) throw new DomainError('TOKEN_INVALID', LINK_EXPIRED);
    const customer = await findCustomerById(tx, customerId);
    if (!customer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue');
    if (customer.email !== row.email) throw new DomainError('TOKEN_INVALID', LINK_EXPIRED);
    return isConfirmed(customer)
      ? customer
      : updateCustomer(tx, customerId, { emailConfirmedAt: new Date() });
  });
}

/** Sends the confirmation again (signed in); nothing to send once confirmed. Answers the address. */
export async function resendConfirmation(
  db: Db,
  publicUrl: string,
  customerId: string,
  address: string,
): Promise<string> {
  const customer = await findCustomerById(db, customerId);
  if (!customer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue');
  if (isConfirmed(customer)) return customer.email;
  await hit(db, `resend:ip:${address}`, LIMITS.resetPerAddress);
  await hit(db, `email:${customer.email}`, LIMITS.emailsPerRecipient);
  await db.transaction((tx) => sendConfirmation(tx, publicUrl, customer));
  return customer.email;
}

/**
 * What a takeover asks of other areas, inside its transaction (the saved cards: payments); answers the
 * tidy-up to run after the commit. Filled in the composition root.
 */
export type ForgetSavedMethods = (tx: DbOrTx, customerId: string) => Promise<() => Promise<void>>;

/**
 * The inbox's owner has proved it (a reset link, a sign-in link, a provider's verified email). For an
 * account nobody had confirmed, whoever made it may not be that owner: the account changes hands by the
 * domain's rule (`onInboxProved`: every session ends, every remembered browser and saved card is forgotten,
 * a password nobody confirmed is cleared) and the email counts as confirmed. A confirmed account is left as
 * it is. `afterCommit` collects what the caller runs once its transaction has committed.
 */
export async function proveInbox(
  tx: DbOrTx,
  customer: CustomerRow,
  proof: InboxProof,
  forgetSavedMethods: ForgetSavedMethods,
  afterCommit: (() => Promise<void>)[],
): Promise<CustomerRow> {
  const steps = onInboxProved({ emailConfirmed: isConfirmed(customer) }, proof);
  if (!steps.confirm) return customer;
  // The customer's row first, then what hangs off it: the lock order of orders/state-changes.ts.
  const updated = await updateCustomer(tx, customer.id, {
    emailConfirmedAt: new Date(),
    ...(steps.clearPassword ? { passwordHash: null, passwordChangedAt: new Date() } : {}),
  });
  if (steps.endSessions) await endCustomerSessions(tx, customer.id);
  if (steps.forgetDevices) await forgetDevices(tx, customer.id);
  if (steps.forgetSavedMethods) afterCommit.push(await forgetSavedMethods(tx, customer.id));
  return updated;
}

/** Runs what a committed takeover left to do outside the database; a failure there changes nothing. */
export async function runAfterCommit(tasks: readonly (() => Promise<void>)[]): Promise<void> {
  for (const task of tasks) await task().catch(() => undefined);
}
