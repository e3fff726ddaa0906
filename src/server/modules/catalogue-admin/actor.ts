import type { DbOrTx } from '../../db/client';
import { findCustomerById } from '../customers';
import { requireCapability } from '../staff';

export interface CatalogueActor {
  customerId: string;
  email: string;
}

/** The caller after the catalogue capability check (owners and managers), as the audit log names them. */
export async function catalogueActor(db: DbOrTx, customerId: string): Promise<CatalogueActor> {
  await requireCapability(db, customerId, 'catalogue');
  const customer = await findCustomerById(db, customerId);
  return { customerId, email: customer?.email ?? 'unknown' };
}
