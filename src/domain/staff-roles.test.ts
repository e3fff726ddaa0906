import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  CAPABILITIES,
  capabilitiesOf,
  isShopRole,
  keepsAnOwner,
  may,
  SHOP_ROLES,
  STAFF_ROLES,
  type Capability,
  type StaffRole,
} from './staff-roles';

// The back office's roles (issue 25 part 1): what each role may do, and the rule that the shop keeps an owner.

const roles = fc.subarray([...STAFF_ROLES]);
const capability = fc.constantFrom(...(Object.keys(CAPABILITIES) as Capability[]));

describe('may', () => {
  test('only owners manage staff and read the audit log', () => {
    for (const role of STAFF_ROLES) {
      expect(may([role], 'staff')).toBe(role === 'owner');
      expect(may([role], 'audit')).toBe(role === 'owner');
    }
  });

  test('the kitchen sees the production plan and nothing of money or customers', () => {
    expect(capabilitiesOf(['kitchen'])).toEqual(['enter', 'production']);
  });

  test('support reads orders and refunds but changes no menu, price or voucher', () => {
    expect(may(['support'], 'refunds')).toBe(true);
    expect(may(['support'], 'catalogue')).toBe(false);
    expect(may(['support'], 'shop')).toBe(false);
  });

  test('no roles, no back office; an owner may do everything', () => {
    fc.assert(fc.property(capability, (c) => !may([], c) && may(['owner'], c)));
  });

  test('more roles never take a capability away, and may agrees with capabilitiesOf', () => {
    fc.assert(
      fc.property(roles, roles, capability, (a, b, c) => {
        const both = [...new Set([...a, ...b])] as StaffRole[];
        if (may(a, c)) expect(may(both, c)).toBe(true);
        expect(capabilitiesOf(a).includes(c)).toBe(may(a, c));
      }),
    );
  });

  test('every role may enter', () => {
    for (const role of STAFF_ROLES) expect(may([role], 'enter')).toBe(true);
  });
});

describe('keepsAnOwner', () => {
  test('taking the last owner’s role is refused; with another owner it is not', () => {
    expect(keepsAnOwner(['a'], 'a', ['manager'])).toBe(false);
    expect(keepsAnOwner(['a'], 'a', [])).toBe(false);
    expect(keepsAnOwner(['a', 'b'], 'a', [])).toBe(true);
    expect(keepsAnOwner(['a'], 'b', [])).toBe(true);
    expect(keepsAnOwner(['a'], 'a', ['owner'])).toBe(true);
  });

  test('the shop has an owner after any change that keepsAnOwner allows', () => {
    const id = fc.constantFrom('a', 'b', 'c', 'd');
    fc.assert(
      fc.property(
        fc.uniqueArray(id, { minLength: 1 }),
        id,
        fc.subarray([...SHOP_ROLES]),
        (owners, who, after) => {
          if (!keepsAnOwner(owners, who, after)) return;
          const left = owners.filter((owner) => owner !== who);
          if (after.includes('owner')) left.push(who);
          expect(left.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});

test('isShopRole knows the shop-wide roles only', () => {
  expect(SHOP_ROLES.every(isShopRole)).toBe(true);
  expect(isShopRole('kitchen')).toBe(false);
  expect(isShopRole('admin')).toBe(false);
});
