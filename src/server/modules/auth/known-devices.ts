import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { knownDevices } from '../../db/schema/auth';
import { hashToken, newToken } from '../../security/tokens';
import { customerIdsWithEmail } from '../customers';

// Browsers a customer has signed in from (decision 9). Every sign-in gives the browser a new random device
// token in a long-lived HttpOnly cookie and remembers its hash for the customer. When an account's failed
// sign-ins reach their limit, a remembered browser may still try, within a smaller limit of its own, so a
// stranger's wrong guesses cannot lock the customer out of their own devices.

/** How long a browser stays remembered without a sign-in (the cookie's life, too). */
export const DEVICE_REMEMBERED_MS = 180 * 24 * 3600 * 1000;

export function deviceCookieName(secure: boolean): string {
  return secure ? '__Host-sfoglia_did' : 'sfoglia_did';
}

/** The device token a request carries, when it carries something that could be one. */
export function deviceTokenOf(request: FastifyRequest, secure: boolean): string | null {
  const token = request.cookies[deviceCookieName(secure)];
  return token && token.length <= 64 ? token : null;
}

export function setDeviceCookie(reply: FastifyReply, secure: boolean, token: string): void {
  reply.setCookie(deviceCookieName(secure), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: DEVICE_REMEMBERED_MS / 1000,
  });
}

/**
 * The remembered browser of the account with this email that holds this token, or null. One query whether
 * or not the email has an account, so the answer's timing tells nothing either.
 */
export async function findKnownDevice(db: DbOrTx, email: string, token: string): Promise<string | null> {
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.tokenHash, hashToken(token)),
        inArray(knownDevices.customerId, customerIdsWithEmail(db, email)),
        gt(knownDevices.lastUsedAt, sql`now() - make_interval(secs => ${DEVICE_REMEMBERED_MS / 1000})`),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Remembers this browser for the customer at a sign-in, under a new token (returned, for the cookie). The
 * other customers this browser is remembered for move to the new token with it, so the old token, or one
 * planted in the browser by someone else, opens nothing afterwards.
 */
export async function rememberDevice(
  db: DbOrTx,
  customerId: string,
  presented: string | null,
): Promise<string> {
  const token = newToken(24);
  const tokenHash = hashToken(token);
  if (presented) {
    await db
      .update(knownDevices)
      .set({ tokenHash })
      .where(eq(knownDevices.tokenHash, hashToken(presented)));
  }
  await db
    .insert(knownDevices)
    .values({ tokenHash, customerId })
    .onConflictDoUpdate({
      target: [knownDevices.tokenHash, knownDevices.customerId],
      set: { lastUsedAt: sql`now()` },
    });
  return token;
}

/** Forgets every browser of a customer (a password reset: whoever had the old password had a device too). */
export async function forgetDevices(db: DbOrTx, customerId: string): Promise<void> {
  await db.delete(knownDevices).where(eq(knownDevices.customerId, customerId));
}
