import type { DbOrTx } from '../../db/client';
import { findCustomerById } from '../customers';
import { requireCapability } from '../staff';

export interface ShopActor {
  customerId: string;
  email: string;
}

/** The caller after the `shop` capability check (owners and managers), as the audit log names them. */
export async function shopActor(db: DbOrTx, customerId: string): Promise<ShopActor> {
  await requireCapability(db, customerId, 'shop');
  const customer = await findCustomerById(db, customerId);
  return { customerId, email: customer?.email ?? 'unknown' };
}
