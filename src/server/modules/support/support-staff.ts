import { DomainError } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { hasShopRole } from '../staff';

// The support team (issue 23 part 5; decision 30): accounts with the shop-wide `support` role, held in the
// staff area (issue 25: owners give it in the back office, or the operator's `npm run staff`). They read and
// answer every question; anyone else, a restaurant's kitchen staff included, is refused (403).

export const NOT_SUPPORT =
  'This is for the Sfoglia support team. Ask the shop’s operator to add your account to it.';

/** 403 unless the account is on the support team. */
export async function requireSupport(db: DbOrTx, customerId: string): Promise<void> {
  if (!(await hasShopRole(db, customerId, 'support'))) throw new DomainError('FORBIDDEN', NOT_SUPPORT);
}
