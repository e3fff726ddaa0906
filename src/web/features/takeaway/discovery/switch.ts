import type { FulfillmentType } from '../../../../domain/fulfillment-types';
import type { NearbyRestaurant } from './nearby';
import { samePostcode, type ChosenAddress } from './suggestions';

// The Takeaway switch from the recipe-kit bar (spec §4 Other flows; §5 Takeaway switch errors), as
// decisions without I/O: which address it is for, whether the takeaway basket already serves it, and which
// restaurant a recreated basket gets. app/takeaway-switch.ts carries them out.

/** Why the switch sent the customer to the address search (in its address: `?switch=no-restaurants`). */
export type SwitchFailure = 'no-coordinates' | 'no-restaurants' | 'failed';

/** Spec §5's messages: the postcode lookup failed, or the restaurant search found none. */
export const SWITCH_FAILURES: Record<SwitchFailure, string> = {
  'no-coordinates': 'Could not get coordinates from address',
  'no-restaurants': 'No restaurants available',
  // Anything else (the shop did not answer): the search still works.
  failed: 'We couldn’t find your nearest restaurant just now. Please search for your address.',
};

export function switchFailure(value: string | null): SwitchFailure | null {
  return value !== null && Object.hasOwn(SWITCH_FAILURES, value) ? (value as SwitchFailure) : null;
}

/** An address to switch for: one searched before, or one of the customer's, whose coordinates may be unknown. */
export interface SwitchAddress {
  label: string;
  address1: string;
  address2: string | null;
  city: string;
  zip: string;
  lat: number | null;
  lon: number | null;
}

/** A saved address of the customer's (spec §3 Address), as much of it as the switch reads. */
export interface SavedAddress {
  id: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  zip: string | null;
  lat: number | null;
  lon: number | null;
  isDefault: boolean;
}

function fromSaved(address: SavedAddress): SwitchAddress | null {
  if (!address.zip?.trim() || !address.address1?.trim()) return null;
  const street = [address.address1, address.address2].filter(Boolean).join(', ');
  return {
    label: `${street}, ${address.city ?? ''} ${address.zip}`.replace(/\s+/g, ' ').trim(),
    address1: address.address1,
    address2: address.address2,
    city: address.city ?? '',
    zip: address.zip,
    lat: address.lat,
    lon: address.lon,
  };
}

/**
 * The address the switch is for: the one last searched for takeaway on this device (what the customer was
 * last ordering for), else the recipe-kit delivery address chosen at checkout, else their default address.
 */
export function switchAddress(
  lastSearched: ChosenAddress | null,
  saved: readonly SavedAddress[],
  chosenAddressId: string | null,
): SwitchAddress | null {
  if (lastSearched) return lastSearched;
  const chosen = saved.find((a) => a.id === chosenAddressId);
  const ordered = [chosen, ...saved.filter((a) => a.isDefault), ...saved];
  for (const candidate of ordered) {
    const address = candidate ? fromSaved(candidate) : null;
    if (address) return address;
  }
  return null;
}

export interface BasketForSwitch {
  restaurantId: string | null;
  address: { zip: string | null } | null;
}

export type SwitchStep =
  /** No address known: the address search. */
  | { kind: 'search' }
  /** The takeaway basket is for this postcode and has its restaurant: straight to takeaway. */
  | { kind: 'takeaway' }
  /** Find the address's restaurants and recreate the basket. */
  | { kind: 'lookup'; address: SwitchAddress };

/** Spec §4: the postcode matches the takeaway basket's and a restaurant is set → takeaway; else look it up. */
export function decideTakeawaySwitch(
  address: SwitchAddress | null,
  basket: BasketForSwitch | null,
): SwitchStep {
  if (!address) return { kind: 'search' };
  if (basket?.restaurantId && samePostcode(basket.address?.zip, address.zip)) return { kind: 'takeaway' };
  return { kind: 'lookup', address };
}

/** The recreated basket's restaurant: the nearest that delivers to the address, else the nearest to collect from. */
export function restaurantForSwitch(
  nearby: readonly NearbyRestaurant[],
): { restaurantId: string; fulfillmentType: FulfillmentType } | null {
  for (const fulfillmentType of ['delivery', 'pickup'] as const) {
    const found = nearby.find((entry) => entry.fulfillmentTypes.includes(fulfillmentType));
    if (found) return { restaurantId: found.restaurant.id, fulfillmentType };
  }
  return null;
}
