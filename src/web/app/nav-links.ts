import { brandUrl } from '../shared/config';

// The general nav's dropdowns (spec §2 Navigation bars): the brand site, and the shop's own pages (takeaway,
// catering, the recipe-kit menu, events, gift boxes).
export interface NavLink {
  label: string;
  href: string;
  external?: boolean;
}

export const NAV_DROPDOWNS: { label: string; links: NavLink[] }[] = [
  {
    label: 'Restaurants',
    links: [
      { label: 'Our restaurants', href: brandUrl('/restaurants'), external: true },
      { label: 'Book a table', href: brandUrl('/restaurants/book'), external: true },
      { label: 'Restaurant menus', href: brandUrl('/restaurants/menus'), external: true },
    ],
  },
  {
    label: 'Takeaway',
    links: [
      { label: 'Order takeaway', href: '/pasta-now-search-address' },
      { label: 'Where we deliver', href: brandUrl('/takeaway/areas'), external: true },
    ],
  },
  {
    label: 'Recipe Kits',
    links: [
      { label: 'This week’s menu', href: '/menu' },
      { label: 'How recipe kits work', href: brandUrl('/recipe-kits/how-it-works'), external: true },
      { label: 'Recipe kit FAQs', href: brandUrl('/recipe-kits/faqs'), external: true },
    ],
  },
  {
    label: 'Catering',
    links: [
      { label: 'Catering menu', href: '/catering-search-address' },
      { label: 'Office lunches', href: brandUrl('/catering/office'), external: true },
    ],
  },
  {
    label: 'Experiences',
    links: [
      { label: 'Classes and supper clubs', href: '/events/themes' },
      { label: 'Private events', href: brandUrl('/experiences/private-events'), external: true },
    ],
  },
  {
    label: 'Gifts',
    links: [
      { label: 'Gift boxes', href: '/gift-boxes' },
      { label: 'Gift cards', href: brandUrl('/gifts/cards'), external: true },
    ],
  },
];

/**
 * Where the general bar's Order now leads (spec §2 Navigation bars): on the recipe-kit pages (the menus, their
 * checkouts, a plan's weeks) to the recipe-kit menu they belong to; everywhere else to takeaway, the front
 * door.
 */
export function orderNowHref(pathname: string): string {
  const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  if (under('/one-off')) return '/one-off/menu';
  if (['/menu', '/products', '/checkout', '/schedule'].some(under)) return '/menu';
  return '/pasta-now-search-address';
}

/**
 * The account's pages (spec §2 Account), for the account tabs and the mobile menu's My account. Each is a
 * page of the route table (nav-links.test.ts holds it so): a link never leads to "We can’t find that page".
 */
export const ACCOUNT_LINKS: NavLink[] = [
  { label: 'Dashboard', href: '/account' },
  { label: 'Your pasta plan', href: '/account/upcoming-orders' },
  { label: 'Past orders', href: '/account/order-history' },
  { label: 'Plan settings', href: '/account/pasta-plan' },
  { label: 'Offers', href: '/account/rewards' },
  { label: 'Payment methods', href: '/account/payment-methods' },
  { label: 'Profile', href: '/account/my-details' },
  { label: 'Help', href: '/account/support' },
];
