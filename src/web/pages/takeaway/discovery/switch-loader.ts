import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '../../../shared/router';
import { addressLookupApi } from '../../../features/delivery/delivery.queries';
import { readDeliveryChoices } from '../../../features/delivery/delivery-store';
import { recreateBasket } from '../../../features/takeaway/discovery/basket';
import { findNearby } from '../../../features/takeaway/discovery/nearby';
import {
  currentAddress,
  rememberSuggestion,
  type ChosenAddress,
} from '../../../features/takeaway/discovery/suggestions';
import {
  decideTakeawaySwitch,
  restaurantForSwitch,
  switchAddress,
  type SwitchAddress,
  type SwitchFailure,
} from '../../../features/takeaway/discovery/switch';
import { menuAddress } from '../../../features/takeaway/menu-address';
import { takeawayQueries } from '../../../features/takeaway/takeaway.queries';
import { customerQueries } from '../../../shared/customer.queries';

// /pasta-now-switch: the Takeaway switch of the recipe-kit bar (spec §4 Other flows, §5), a route whose
// loader does the work and redirects, so that the recipe-kit bar carries only a link (its page is at its JS
// budget) and the switch works from a new tab too. The decisions are in features/takeaway/discovery/switch.ts.
// Rendered by the browser: it reads the visitor's basket and their last search, never on the server.

const ADDRESS_SEARCH = '/pasta-now-search-address';

class SwitchFailed extends Error {
  constructor(readonly failure: SwitchFailure) {
    super(failure);
  }
}

/** A signed-in customer's addresses (their module, with the phone rules, is fetched only for them). */
async function savedAddresses(queryClient: QueryClient) {
  if (!queryClient.getQueryData(customerQueries.me().queryKey)) return [];
  try {
    const { accountQueries } = await import('../../../features/customers/customers.queries');
    return await queryClient.fetchQuery(accountQueries.addresses());
  } catch {
    return [];
  }
}

/** The address's coordinates: those known, else its postcode's (spec §5: "Could not get coordinates"). */
async function locate(address: SwitchAddress): Promise<ChosenAddress> {
  if (address.lat !== null && address.lon !== null) return { ...address, lat: address.lat, lon: address.lon };
  const found = await addressLookupApi.postcode(address.zip).catch(() => null);
  if (found?.lat == null || found.lon == null) throw new SwitchFailed('no-coordinates');
  return { ...address, zip: found.postcode, lat: found.lat, lon: found.lon };
}

async function switchTo(queryClient: QueryClient): Promise<string> {
  const lastSearched = currentAddress();
  const saved = lastSearched ? [] : await savedAddresses(queryClient);
  const address = switchAddress(lastSearched, saved, readDeliveryChoices().addressId);
  const basket = await queryClient.fetchQuery(takeawayQueries.basket()).catch(() => null);
  const step = decideTakeawaySwitch(address, basket?.basket ?? null);
  if (step.kind === 'search') return ADDRESS_SEARCH;
  if (step.kind === 'takeaway') {
    const own = basket?.basket;
    return own?.restaurantId && !own.isCateringOrder ? menuAddress(own.restaurantId, false) : ADDRESS_SEARCH;
  }
  try {
    const located = await locate(step.address);
    const choice = restaurantForSwitch(await findNearby(queryClient, located, false));
    if (!choice) throw new SwitchFailed('no-restaurants');
    await recreateBasket(queryClient, { ...choice, address: located, catering: false });
    rememberSuggestion(located);
    return menuAddress(choice.restaurantId, false);
  } catch (error) {
    // Spec §5: each failure sends the customer to the address search, which says what went wrong.
    return `${ADDRESS_SEARCH}?switch=${error instanceof SwitchFailed ? error.failure : 'failed'}`;
  }
}

export const switchLoader = (queryClient: QueryClient) => async () => redirect(await switchTo(queryClient));
