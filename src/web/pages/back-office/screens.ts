import type { ComponentType } from 'react';
import type { BackOfficeMe } from '../../../contracts/back-office';
import type { Capability } from '../../../domain/staff-roles';

// The back office's screens (issue 25): each is a path under /back-office, the capability it needs (the
// server checks the same one on every call; domain/staff-roles.ts), the label in the navigation, and its code,
// loaded only when it is opened. Add a screen with one entry here.

export interface BackOfficeScreenProps {
  me: BackOfficeMe;
  /** The path after the screen's own: `/back-office/orders/123` → "123" (empty on the screen itself). */
  rest: string;
}

export interface BackOfficeScreen {
  path: string;
  label: string;
  capability: Capability;
  load: () => Promise<ComponentType<BackOfficeScreenProps>>;
}

export const BACK_OFFICE_SCREENS: BackOfficeScreen[] = [
  {
    path: 'staff',
    label: 'Staff',
    capability: 'staff',
    load: () => import('./staff/staff-page').then((m) => m.StaffPage),
  },
  {
    path: 'dishes',
    label: 'Dishes',
    capability: 'catalogue',
    load: () => import('./catalogue/dishes-page').then((m) => m.DishesPage),
  },
  {
    path: 'menus',
    label: 'Weekly menus',
    capability: 'catalogue',
    load: () => import('./catalogue/menus-page').then((m) => m.MenusPage),
  },
  {
    path: 'takeaway',
    label: 'Takeaway menus',
    capability: 'catalogue',
    load: () => import('./catalogue/takeaway-page').then((m) => m.TakeawayPage),
  },
  {
    path: 'orders',
    label: 'Orders',
    capability: 'orders',
    load: () => import('./orders/orders-page').then((m) => m.OrdersPage),
  },
  {
    path: 'customers',
    label: 'Customers',
    capability: 'orders',
    load: () => import('./customers/customers-page').then((m) => m.CustomersPage),
  },
  {
    path: 'production',
    label: 'Production plan',
    capability: 'production',
    load: () => import('./production/production-page').then((m) => m.ProductionPage),
  },
  {
    path: 'events',
    label: 'Events',
    capability: 'events',
    load: () => import('./events/events-page').then((m) => m.EventsPage),
  },
  {
    path: 'vouchers',
    label: 'Vouchers',
    capability: 'shop',
    load: () => import('./shop/vouchers-page').then((m) => m.VouchersPage),
  },
  {
    path: 'settings',
    label: 'Shop settings',
    capability: 'shop',
    load: () => import('./shop/settings-page').then((m) => m.SettingsPage),
  },
  {
    path: 'banners',
    label: 'Banners',
    capability: 'shop',
    load: () => import('./shop/banners-page').then((m) => m.BannersPage),
  },
  {
    path: 'restaurants',
    label: 'Restaurants',
    capability: 'shop',
    load: () => import('./shop/restaurants-page').then((m) => m.RestaurantsPage),
  },
  {
    path: 'audit',
    label: 'Audit log',
    capability: 'audit',
    load: () => import('./staff/audit-page').then((m) => m.AuditPage),
  },
];
