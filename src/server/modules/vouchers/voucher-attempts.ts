import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { hit, type Limit } from '../../security/rate-limit';

// Every look-up of a code counts against a limit per browser and per address, so codes cannot be guessed
// by trying them (a basket's code, a code's terms, a credit code).

export const VOUCHER_LIMITS = {
  /** Code attempts per browser (or signed-in customer): plenty for typos, too few to guess. */
  perVisitor: { max: 20, windowMs: 15 * 60_000 },
  /** Per client address, whatever cookies it sends. */
  perAddress: { max: 100, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

/** Counts one attempt at a code by the caller of this request (what a route is given: no database). */
export type CountCodeAttempt = (request: FastifyRequest) => Promise<void>;

/** Who tries a code: the client address, and the signed-in customer or else the browser, if known. */
export interface CodeCaller {
  address: string;
  customerId: string | null;
  visitorId: string | null;
}

/** Counts one attempt at a code by this caller. */
export async function countVoucherAttempt(db: DbOrTx, caller: CodeCaller): Promise<void> {
  const { customerId, visitorId } = caller;
  const who = customerId ? `customer:${customerId}` : visitorId ? `visitor:${visitorId}` : null;
  await hit(db, `voucher:ip:${caller.address}`, VOUCHER_LIMITS.perAddress);
  if (who) await hit(db, `voucher:${who}`, VOUCHER_LIMITS.perVisitor);
}
