import type { ShopRole } from '../../domain/staff-roles';
import { addShopStaff } from '../modules/staff';
import { PASSWORD, signIn, signedInCustomer, uniqueEmail } from './accounts';
import type { TestApp, Visitor } from './harness';
import { signedInChef } from './takeaway';

// The back office's fixtures (issue 25): a member of staff with a shop-wide role, signed in in a browser of
// their own, and one of each role for the tables of who may call what.

export interface SignedInStaff {
  visitor: Visitor;
  email: string;
  customerId: string;
}

export async function signedInStaff(t: TestApp, role: ShopRole, firstName = 'Ada'): Promise<SignedInStaff> {
  const email = uniqueEmail(role.replace('_', '-'));
  const added = await addShopStaff(t.database.db, { email, role, password: PASSWORD, firstName });
  const visitor = t.visitor();
  await signIn(visitor, email);
  return { visitor, email, customerId: added.customerId };
}

export type RoleName = ShopRole | 'kitchen' | 'customer' | 'visitor';

/** One browser per role (kitchen staff at Soho; a customer with no role; a visitor not signed in). */
export async function browsersByRole(t: TestApp): Promise<Record<RoleName, Visitor>> {
  return {
    owner: (await signedInStaff(t, 'owner')).visitor,
    manager: (await signedInStaff(t, 'manager')).visitor,
    support: (await signedInStaff(t, 'support')).visitor,
    events_host: (await signedInStaff(t, 'events_host')).visitor,
    kitchen: await signedInChef(t),
    customer: (await signedInCustomer(t)).visitor,
    visitor: t.visitor(),
  };
}
