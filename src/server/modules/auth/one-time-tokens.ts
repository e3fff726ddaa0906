import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oneTimeTokens } from '../../db/schema/auth';
import { hashToken, newToken } from '../../security/tokens';

// Single-use, expiring tokens sent by email (sign-in links, resets, sign-up confirmations). Only the hash is
// stored; using one marks it used in the same statement that reads it, so it works once even when two
// tabs open the link together.

export type TokenPurpose = 'sign_in' | 'password_reset' | 'confirm_signup' | 'confirm_email';

export const TOKEN_LIFETIME_MS: Record<TokenPurpose | 'account_setup', number> = {
  sign_in: 15 * 60_000,
  password_reset: 60 * 60_000,
  confirm_signup: 24 * 3600_000,
  confirm_email: 24 * 3600_000,
  account_setup: 72 * 3600_000,
};

export async function issueToken(
  db: DbOrTx,
  values: {
    purpose: TokenPurpose;
    email: string;
    customerId?: string | null;
    payload?: unknown;
    targetUrl?: string | null;
    lifetimeMs?: number;
  },
): Promise<string> {
  const token = newToken(24);
  await db.insert(oneTimeTokens).values({
    tokenHash: hashToken(token),
    purpose: values.purpose,
    email: values.email,
    customerId: values.customerId ?? null,
    payload: values.payload ?? null,
    targetUrl: values.targetUrl ?? null,
    expiresAt: new Date(Date.now() + (values.lifetimeMs ?? TOKEN_LIFETIME_MS[values.purpose])),
  });
  return token;
}

/** Whether a token could be used now, without spending it (a cheap check before slow work such as hashing). */
export async function isUsableToken(
  db: DbOrTx,
  token: string,
  purposes: readonly TokenPurpose[],
): Promise<boolean> {
  const [row] = await db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        inArray(oneTimeTokens.purpose, [...purposes]),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Uses a token: the row when it was valid (now spent), null when unknown, used, expired or for another purpose. */
export async function useToken(db: DbOrTx, token: string, purposes: readonly TokenPurpose[]) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        inArray(oneTimeTokens.purpose, [...purposes]),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}
