// The people who run the shop (issue 25 part 1): the roles a member of staff can hold and what each may do in
// the back office. Shop-wide roles are held once; the kitchen's is held at one or more restaurants. Every
// back-office call names the one capability it needs, and the server checks it against the caller's roles
// (`may`), so a screen hidden from a role is also a call refused to it.

export const SHOP_ROLES = ['owner', 'manager', 'support', 'events_host'] as const;
export type ShopRole = (typeof SHOP_ROLES)[number];
/** Every role, the kitchen's (per restaurant) included. */
export const STAFF_ROLES = [...SHOP_ROLES, 'kitchen'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  support: 'Support',
  events_host: 'Events host',
  kitchen: 'Kitchen',
};

export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: 'Everything, including staff, their roles and the audit log.',
  manager: 'Menus, dishes, prices, vouchers, banners, restaurants, settings, orders and refunds.',
  support: 'Orders and customers: refunds, credit and plans on a customer’s behalf; the support inbox.',
  events_host: 'Event slots and their capacity, and the guest lists.',
  kitchen: 'A restaurant’s kitchen screen, and the production plan.',
};

/** What a back-office call may need. */
export const CAPABILITIES = {
  /** Any screen of the back office at all. */
  enter: ['owner', 'manager', 'support', 'events_host', 'kitchen'],
  /** Invite, change and remove staff. */
  staff: ['owner'],
  /** Read who changed what. */
  audit: ['owner'],
  /** Dishes, pictures, weekly menus, gift boxes, takeaway menus. */
  catalogue: ['owner', 'manager'],
  /** Vouchers, banners, restaurants, shop settings. */
  shop: ['owner', 'manager'],
  /** Event slots and capacity. */
  events: ['owner', 'manager', 'events_host'],
  /** Find and read orders and customers. */
  orders: ['owner', 'manager', 'support'],
  /** Refund a payment, adjust credit, act on a customer's plan. */
  refunds: ['owner', 'manager', 'support'],
  /** The kitchen's production plan. */
  production: ['owner', 'manager', 'kitchen'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Capability = keyof typeof CAPABILITIES;

export function may(roles: readonly StaffRole[], capability: Capability): boolean {
  const allowed: readonly StaffRole[] = CAPABILITIES[capability];
  return roles.some((role) => allowed.includes(role));
}

/** Everything the roles allow, in the table's order (the back office's navigation). */
export function capabilitiesOf(roles: readonly StaffRole[]): Capability[] {
  return (Object.keys(CAPABILITIES) as Capability[]).filter((capability) => may(roles, capability));
}

export function isShopRole(value: string): value is ShopRole {
  return (SHOP_ROLES as readonly string[]).includes(value);
}

export const LAST_OWNER =
  'The shop needs at least one owner. Make someone else an owner first, then change or remove this one.';

/**
 * Whether a change to one person's shop roles leaves the shop with an owner: `owners` are everyone holding
 * the owner role before the change.
 */
export function keepsAnOwner(owners: readonly string[], customerId: string, rolesAfter: readonly ShopRole[]) {
  if (rolesAfter.includes('owner')) return true;
  return owners.some((owner) => owner !== customerId);
}
