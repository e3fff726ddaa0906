import { DomainError } from '../../../domain/errors';
import type { SignUpBody } from '../../../contracts/customers';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { enqueueEmail } from '../../integrations/email';
import { accountSetup, passwordChanged, welcome } from '../../integrations/email/templates';
import type { SocialProfile } from '../../integrations/social-sign-in';
import { hit, LIMITS, RateLimitedError } from '../../security/rate-limit';
import { endCustomerSessions } from '../../security/sessions';
import {
  createGuestCustomer,
  createOrFindCustomer,
  findCustomerByEmail,
  findCustomerById,
  updateCustomer,
  type CustomerRow,
} from '../customers';
import { findIdentity, linkIdentity } from './identities';
import { hashPassword, verifyPassword } from './passwords';
import { isUsableToken, issueToken, TOKEN_LIFETIME_MS, useToken } from './one-time-tokens';
import { emailRequestsOf, linkTo, recordEmailRequest, type EmailRequestsKick } from './email-requests';
import { findKnownDevice, forgetDevices } from './known-devices';
import { countPasswordAttempt } from './sign-in-limits';
import type { InboxProof } from '../../../domain/email-confirmation';
import {
  confirmEmail,
  proveInbox,
  resendConfirmation,
  runAfterCommit,
  signUp,
  type ForgetSavedMethods,
} from './sign-up';

// Accounts: sign-up (instant, then confirmed by email: ./sign-up.ts), sign-in by password, by emailed link
// and by Google, Facebook or Apple, password reset and change, account set-up. Sign-up tells that an email
// has an account (decision 18 weighs it); reset and link requests answer the same either way, doing the
// same work either way (./email-requests.ts), and a wrong email takes as long to refuse as a wrong password.

export const SIGN_IN_FAILED = "Email and Password don't match";

/** Over an address's email limit (someone may be asking on the customer's behalf): the emails sent still work. */
const RECENT_EMAILS =
  'We have sent several emails to this address in the last hour: use the link in the latest one, or try again later.';

/** Starts the session for a customer inside the caller's transaction (the HTTP edge sets the cookie). */
export type StartSession = (customerId: string, tx: DbOrTx) => Promise<void>;

/**
 * What a new account brings, inside its sign-up's transaction (email, or a provider's first time): the welcome
 * of the referral link this browser opened, if any (decision 30). Filled in the composition root.
 */
export type OnJoined = (tx: DbOrTx, customer: CustomerRow, referralToken: string) => Promise<void>;

interface PendingSignUp {
  firstName: string;
  lastName: string;
  passwordHash: string;
  acceptsEmails: boolean;
  acceptsSms: boolean;
  acceptsMail: boolean;
}

export class AccountsService {
  private readonly emailRequests: EmailRequestsKick;
  private readonly forgetSavedMethods: ForgetSavedMethods;
  /** The shop's clock, which the sign-in backoff runs on (pinned in tests and demos). */
  private readonly clock: Clock;
  private readonly signUpsPerAddress: number | null;
  private readonly onJoined: OnJoined;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    options: {
      emailRequests?: EmailRequestsKick;
      forgetSavedMethods?: ForgetSavedMethods;
      clock?: Clock;
      /** Sign-ups an hour from one address, when the deployment sets its own (config SIGN_UPS_PER_ADDRESS). */
      signUpsPerAddress?: number | null;
      onJoined?: OnJoined;
    } = {},
  ) {
    this.onJoined = options.onJoined ?? (async () => {});
    this.signUpsPerAddress = options.signUpsPerAddress ?? null;
    this.emailRequests = options.emailRequests ?? emailRequestsOf(db, publicUrl);
    this.forgetSavedMethods = options.forgetSavedMethods ?? (async () => async () => {});
    this.clock = options.clock ?? { now: () => new Date() };
  }

  /** Runs `work` in a transaction in which the inbox may be proved (decision 18), then the takeover's tidy-up. */
  private async proving<T>(
    work: (
      tx: DbOrTx,
      prove: (customer: CustomerRow, proof: InboxProof) => Promise<CustomerRow>,
    ) => Promise<T>,
  ): Promise<T> {
    const afterCommit: (() => Promise<void>)[] = [];
    const result = await this.db.transaction((tx) =>
      work(tx, (customer, proof) => proveInbox(tx, customer, proof, this.forgetSavedMethods, afterCommit)),
    );
    await runAfterCommit(afterCommit);
    return result;
  }

  private link(path: string, token: string) {
    return linkTo(this.publicUrl, path, token);
  }

  /** Sign-up (decision 18): the account at once, signed in; an email asks to confirm the address. */
  signUp(
    body: SignUpBody,
    address: string,
    start: StartSession,
    referralToken: string | null = null,
  ): Promise<CustomerRow> {
    return signUp(this.db, this.publicUrl, body, address, start, this.signUpsPerAddress, (tx, customer) =>
      referralToken ? this.onJoined(tx, customer, referralToken) : Promise.resolve(),
    );
  }

  confirmEmail(customerId: string, token: string): Promise<CustomerRow> {
    return confirmEmail(this.db, customerId, token);
  }

  resendConfirmation(customerId: string, address: string): Promise<string> {
    return resendConfirmation(this.db, this.publicUrl, customerId, address);
  }

  /**
   * Email and password. Attempts are counted before the password is verified (./sign-in-limits.ts): from a
   * browser the customer signed in from before (`deviceToken`), against that browser's own limit; from any
   * other, against the account from that address and the account's backoff; and against the address.
   */
  async signIn(
    email: string,
    password: string,
    address: string,
    start: StartSession,
    deviceToken: string | null = null,
  ): Promise<CustomerRow> {
    await hit(this.db, `signin:ip:${address}`, LIMITS.signInPerAddress);
    const device = deviceToken ? await findKnownDevice(this.db, email, deviceToken) : null;
    const attempt = await countPasswordAttempt(this.db, { email, address, device }, this.clock.now());
    const customer = await findCustomerByEmail(this.db, email);
    const ok = await verifyPassword(customer?.passwordHash ?? null, password);
    if (!customer || !ok) throw new DomainError('INVALID_CREDENTIALS', SIGN_IN_FAILED);
    await this.db.transaction(async (tx) => {
      await start(customer.id, tx);
      // Last, so that the counters' rows are locked only for the commit.
      await attempt.giveBack(tx);
    });
    return customer;
  }

  /** A one-click sign-in link by email, if the address has an account (sent in the background). */
  async requestSignInLink(email: string, targetUrl: string | null, address: string): Promise<void> {
    await hit(this.db, `link:ip:${address}`, LIMITS.resetPerAddress);
    await hit(this.db, `email:${email}`, LIMITS.emailsPerRecipient, RECENT_EMAILS);
    await recordEmailRequest(this.db, { kind: 'sign_in_link', email, targetUrl });
    this.emailRequests.kick();
  }

  /**
   * Uses an emailed sign-in or sign-up token ("a token query on entry signs the user in"). A sign-up
   * confirmation creates the account with the details given at sign-up.
   */
  async signInWithToken(
    token: string,
    start: StartSession,
  ): Promise<{ customer: CustomerRow; targetUrl: string | null }> {
    return this.proving(async (tx, prove) => {
      const row = await useToken(tx, token, ['sign_in', 'confirm_signup']);
      if (!row)
        throw new DomainError(
          'TOKEN_INVALID',
          'This link has expired or was already used. Please ask for a new one.',
        );
      let customer = row.customerId
        ? await findCustomerById(tx, row.customerId)
        : await findCustomerByEmail(tx, row.email);
      if (!customer && row.purpose === 'confirm_signup') {
        const pending = row.payload as PendingSignUp;
        // A link from before instant sign-up (decision 6): the account it makes is confirmed by it.
        const made = await createOrFindCustomer(tx, {
          email: row.email,
          ...pending,
          emailConfirmedAt: new Date(),
        });
        customer = made.customer;
        if (made.created)
          await enqueueEmail(tx, welcome({ to: customer.email, firstName: customer.firstName }));
      }
      if (!customer)
        throw new DomainError(
          'TOKEN_INVALID',
          'This link has expired or was already used. Please ask for a new one.',
        );
      // The link proves the inbox: an unconfirmed account is taken over by it (decision 18).
      customer = await prove(customer, 'sign_in_link');
      await start(customer.id, tx);
      return { customer, targetUrl: row.targetUrl };
    });
  }

  /**
   * The same answer, and the same work, whether or not the email has an account; the email (sent in the
   * background, to a customer only) carries a single-use link.
   */
  async requestPasswordReset(email: string, address: string): Promise<void> {
    await hit(this.db, `reset:ip:${address}`, LIMITS.resetPerAddress);
    await hit(this.db, `email:${email}`, LIMITS.emailsPerRecipient, RECENT_EMAILS);
    await recordEmailRequest(this.db, { kind: 'password_reset', email, targetUrl: null });
    this.emailRequests.kick();
  }

  /**
   * Sets a new password from a reset link: every other session ends, every remembered browser is
   * forgotten, and this browser is signed in (and remembered).
   */
  async resetPassword(
    token: string,
    password: string,
    address: string,
    start: StartSession,
  ): Promise<CustomerRow> {
    // Hashing is deliberately slow: guessing tokens is limited per address, and a dead link is refused before it.
    await hit(this.db, `reset-confirm:ip:${address}`, LIMITS.resetPerAddress);
    const expired = () =>
      new DomainError(
        'TOKEN_INVALID',
        'This link has expired or was already used. Please ask for a new one.',
      );
    if (!(await isUsableToken(this.db, token, ['password_reset']))) throw expired();
    const passwordHash = await hashPassword(password);
    return this.proving(async (tx, prove) => {
      const row = await useToken(tx, token, ['password_reset']);
      const customer = row?.customerId ? await findCustomerById(tx, row.customerId) : null;
      if (!row || !customer) throw expired();
      const updated = await prove(
        await updateCustomer(tx, customer.id, { passwordHash, passwordChangedAt: new Date() }),
        'password_reset',
      );
      await endCustomerSessions(tx, customer.id);
      await forgetDevices(tx, customer.id);
      await start(customer.id, tx);
      await enqueueEmail(tx, passwordChanged({ to: customer.email }));
      return updated;
    });
  }

  /** Needs the current password; ends the customer's other sessions. */
  async changePassword(
    customerId: string,
    sessionId: string,
    current: string,
    next: string,
    from: { address: string; deviceToken: string | null },
  ): Promise<CustomerRow> {
    const customer = await findCustomerById(this.db, customerId);
    if (!customer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue');
    if (!customer.passwordHash) {
      throw new DomainError(
        'CURRENT_PASSWORD_INCORRECT',
        'Your account has no password yet. Use "Forgot password" to set one.',
      );
    }
    // Wrong current passwords count with failed sign-ins, before they are verified: otherwise this would be
    // a password oracle without the sign-in limits. (Held back by someone else's guesses, a customer can
    // still change it from a browser they signed in from before, or set a new one through a reset link.)
    const device = from.deviceToken ? await findKnownDevice(this.db, customer.email, from.deviceToken) : null;
    const attempt = await countPasswordAttempt(
      this.db,
      { email: customer.email, address: from.address, device },
      this.clock.now(),
    );
    if (!(await verifyPassword(customer.passwordHash, current))) {
      throw new DomainError('CURRENT_PASSWORD_INCORRECT', 'Your current password is not right');
    }
    const passwordHash = await hashPassword(next);
    return this.db.transaction(async (tx) => {
      const updated = await updateCustomer(tx, customerId, { passwordHash, passwordChangedAt: new Date() });
      await endCustomerSessions(tx, customerId, sessionId);
      await enqueueEmail(tx, passwordChanged({ to: customer.email }));
      await attempt.giveBack(tx);
      return updated;
    });
  }

  /**
   * A guest at a restaurant table (decision 28): a guest customer of its own for the guest session the caller
   * starts. Counted per client address, generously: a restaurant's guests share its Wi-Fi.
   */
  async guest(
    body: { email: string; firstName?: string | undefined },
    address: string,
  ): Promise<CustomerRow> {
    await hit(this.db, `guest:ip:${address}`, LIMITS.guestsPerAddress);
    return createGuestCustomer(this.db, { email: body.email, firstName: body.firstName ?? null });
  }

  /** For an account made without a password (an order as a guest): an email to set one. Same answer always. */
  async accountSetup(customerId: string, address: string): Promise<void> {
    await hit(this.db, `setup:ip:${address}`, LIMITS.resetPerAddress);
    if (!/^[0-9a-f-]{36}$/i.test(customerId)) return;
    await this.db.transaction(async (tx) => {
      const customer = await findCustomerById(tx, customerId);
      if (!customer || customer.passwordHash) return;
      // Over the recipient's email limit, nothing is sent, but the answer stays the same: a 429 here, and
      // only here, would tell that the id is a customer without a password.
      try {
        await hit(tx, `email:${customer.email}`, LIMITS.emailsPerRecipient);
      } catch (error) {
        if (error instanceof RateLimitedError) return;
        throw error;
      }
      const token = await issueToken(tx, {
        purpose: 'password_reset',
        email: customer.email,
        customerId: customer.id,
        lifetimeMs: TOKEN_LIFETIME_MS.account_setup,
      });
      await enqueueEmail(
        tx,
        accountSetup({
          to: customer.email,
          firstName: customer.firstName,
          link: this.link('/forgot-password/reset', token),
        }),
      );
    });
  }

  /**
   * Google, Facebook or Apple: the provider's subject finds the customer; else a verified email links the
   * identity to the account with that email; else a new account (flagged socialLogin) is made: `signedUp`
   * (analytics' sign_up, decision 30).
   */
  async signInWithProvider(
    profile: SocialProfile,
    start: StartSession,
    referralToken: string | null = null,
  ): Promise<{ customer: CustomerRow; signedUp: boolean }> {
    return this.proving(async (tx, prove) => {
      let signedUp = false;
      let customer = await findIdentity(tx, profile.provider, profile.subject);
      if (!customer) {
        if (!profile.email || !profile.emailVerified) {
          throw new DomainError('SOCIAL_SIGN_IN_FAILED', 'Something went wrong');
        }
        customer = await findCustomerByEmail(tx, profile.email);
        // The provider vouches for the inbox: an unconfirmed account is taken over (decision 18).
        if (customer) customer = await prove(customer, 'provider');
        if (!customer) {
          const made = await createOrFindCustomer(tx, {
            email: profile.email,
            firstName: profile.firstName ?? '',
            lastName: profile.lastName ?? '',
            socialLogin: true,
            emailConfirmedAt: new Date(),
          });
          customer = made.customer;
          if (made.created) {
            signedUp = true;
            await enqueueEmail(tx, welcome({ to: customer.email, firstName: customer.firstName }));
            if (referralToken) await this.onJoined(tx, customer, referralToken);
          }
        }
        await linkIdentity(tx, {
          provider: profile.provider,
          subject: profile.subject,
          customerId: customer.id,
          email: profile.email,
        });
      }
      await start(customer.id, tx);
      return { customer, signedUp };
    });
  }
}
