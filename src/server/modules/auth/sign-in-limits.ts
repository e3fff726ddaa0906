import type { DbOrTx } from '../../db/client';
import {
  BACKOFFS,
  forgiveFailure,
  giveBack,
  LIMITS,
  RateLimitedError,
  take,
  takeAfterBackoff,
} from '../../security/rate-limit';

// Who may try a password now (issue 19, item 22; decision 9 and its addendum). OWASP's advice on lockout:
// slow the guesser, not the owner. Every attempt is counted before its password is verified, so however many
// arrive together only those allowed are ever verified, and a right password gives its count back.
// - From a browser the customer signed in from before (decision 9): its own 10 failures an hour, nothing else.
//   The account's backoff and its other addresses never hold it up.
// - From any other browser: 10 failures an hour per account from one address, and the account's exponential
//   backoff, shared by every address (10 failures in a row freely, then 1 s, 2 s, 4 s… up to 15 minutes).
//   Nothing locks the account: its owner waits at most the backoff, or uses a sign-in link, a reset, Google,
//   Facebook or Apple, none of which these limits touch.

const HELD_BACK =
  'Too many wrong passwords for this account. Try again shortly, or sign in with a link we email you.';

/** An attempt counted against its limits, to give back if its password turns out right. */
export interface CountedAttempt {
  giveBack(tx: DbOrTx): Promise<void>;
}

/**
 * Counts a password attempt for the account `email` from `address`; `device` is the customer's remembered
 * browser the attempt comes from, if it does. The backoff runs on the shop's clock (`now`). Throws RateLimitedError (429, Retry-After) when it may not be
 * verified now, having counted nothing.
 */
export async function countPasswordAttempt(
  db: DbOrTx,
  { email, address, device }: { email: string; address: string; device: string | null },
  now: Date,
): Promise<CountedAttempt> {
  if (device) {
    const mine = await take(db, `signin-fail:device:${device}`, LIMITS.signInFailuresPerDevice);
    if (!mine.ok) throw new RateLimitedError(mine.retryAfterSeconds);
    return { giveBack: (tx) => giveBack(tx, mine.place) };
  }
  const pair = await take(db, `signin-fail:${email}:ip:${address}`, LIMITS.signInFailuresPerAccountAddress);
  if (!pair.ok) throw new RateLimitedError(pair.retryAfterSeconds, HELD_BACK);
  const account = `signin-fail:${email}`;
  const backoff = await takeAfterBackoff(db, account, BACKOFFS.signInFailuresPerAccount, now);
  if (!backoff.ok) {
    await giveBack(db, pair.place);
    throw new RateLimitedError(backoff.retryAfterSeconds, HELD_BACK);
  }
  return {
    giveBack: async (tx) => {
      await forgiveFailure(tx, account);
      await giveBack(tx, pair.place);
    },
  };
}
