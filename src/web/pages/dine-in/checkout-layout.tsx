import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation } from '../../shared/router';
import { safeTarget } from '../../shared/customer.queries';
import { CheckoutBar, CheckoutProgress, type CheckoutStepLink } from '../../features/checkout/checkout-bar';
import { CheckoutFlowProvider } from '../../features/checkout/flow-context';
import type { CheckoutFlow } from '../../features/checkout/flows';
import { tableMenuPath } from '../../features/dine-in/table-names';
import { takeawayQueries } from '../../features/takeaway/takeaway.queries';
import '../../features/checkout/checkout.css';

// The dine-in checkout's frame (spec §2 Dine-in checkout): the checkout bar with the cards taken and the way
// back to the table's menu, and where the guest is: their order, who is ordering (an account or a guest),
// and paying (now with a tip, by opening a tab, or as a round of their tab). The progress reuses the
// checkout's step keys with a table's words.

export const DINE_IN_FLOW: CheckoutFlow = {
  kind: 'dine-in',
  base: '/dine-in-checkout',
  signInBase: '/dine-in-checkout',
  menu: '/dine-in',
};

const STEPS: readonly CheckoutStepLink[] = [
  { key: 'delivery', label: 'Your order' },
  { key: 'account', label: 'Who’s ordering' },
  { key: 'payment', label: 'Pay' },
];

function stepOf(pathname: string): CheckoutStepLink['key'] | null {
  const step = pathname.replace(/\/+$/, '').slice(DINE_IN_FLOW.base.length + 1);
  if (step === '') return 'delivery';
  if (['continue', 'signup', 'login', 'guest/email'].includes(step)) return 'account';
  if (['payment', 'tipping', 'add-to-order'].includes(step)) return 'payment';
  return null;
}

/** Signing in to see a tab (its link, or the bill): no order of theirs is in the progress. */
export function forTab(search: string): boolean {
  return /^\/dine-in-(view|close)-tab/.test(safeTarget(new URLSearchParams(search).get('returnTo')) ?? '');
}

export function DineInCheckoutLayout() {
  const { pathname, search } = useLocation();
  const basket = useQuery(takeawayQueries.basket()).data?.basket;
  const menu =
    basket?.restaurantId && basket.fulfillmentType === 'eat_in'
      ? tableMenuPath(basket.restaurantId, basket.tableNumber)
      : DINE_IN_FLOW.menu;
  return (
    <CheckoutFlowProvider value={DINE_IN_FLOW}>
      <CheckoutBar backTo={menu} backLabel="Back to the menu" />
      <div className="checkout-page">
        <CheckoutProgress current={forTab(search) ? null : stepOf(pathname)} steps={STEPS} />
        <Outlet />
      </div>
    </CheckoutFlowProvider>
  );
}
