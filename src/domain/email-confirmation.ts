// Instant sign-up (decision 18): an account is signed in before its email is confirmed. Until it is, the
// holder of the account may not be the owner of the inbox, so whoever proves the inbox takes the account
// over, and nothing builds up on it that the holder would lose to them.

/** How someone showed they own the inbox: a reset link, an emailed sign-in link, a provider's verified email. */
export type InboxProof = 'password_reset' | 'sign_in_link' | 'provider';

export interface TakeOver {
  /** Every session of the account ends (the prover's own starts afterwards). */
  endSessions: boolean;
  /** Every remembered browser is forgotten (decision 9's devices outlast a lockout). */
  forgetDevices: boolean;
  /** The password the holder set is cleared; a reset instead replaces it with the prover's. */
  clearPassword: boolean;
  /** The holder's saved cards and PayPal accounts are forgotten: the prover must not pay with them. */
  forgetSavedMethods: boolean;
  /** The email counts as confirmed from now on. */
  confirm: boolean;
}

const NOTHING: TakeOver = {
  endSessions: false,
  forgetDevices: false,
  clearPassword: false,
  forgetSavedMethods: false,
  confirm: false,
};

/** What proving the inbox does to an account: nothing once it is confirmed; else the account changes hands. */
export function onInboxProved(account: { emailConfirmed: boolean }, proof: InboxProof): TakeOver {
  if (account.emailConfirmed) return NOTHING;
  return {
    endSessions: true,
    forgetDevices: true,
    clearPassword: proof !== 'password_reset',
    forgetSavedMethods: true,
    confirm: true,
  };
}

/** Store credit waits for the confirmation: a balance on an unconfirmed account would go with a takeover. */
export function mayAddCredit(account: { emailConfirmed: boolean }): boolean {
  return account.emailConfirmed;
}
