import { queryOptions } from '@tanstack/react-query';
import type { LookupAddressResult } from '../../../contracts/delivery';
import { formatUkPostcode, isUkPostcode } from '../../../domain/address';
import { addressLookupApi, deliveryQueries } from '../../features/delivery/delivery.queries';
import type { ChosenAddress } from '../../features/takeaway/discovery-suggestions';
import { SWITCH_FAILURES } from '../../features/takeaway/discovery-switch';

// The address lookup as the takeaway search uses it (spec §7 External: an address lookup by query, with
// latitude and longitude): what the customer typed, as they type; an address without coordinates takes its
// postcode's, and one that has neither cannot be searched from (spec §5 "Could not get coordinates from
// address").

/** Letters typed before the lookup is asked: fewer match half the country. */
export const MIN_SEARCH_LENGTH = 3;

export const addressSearch = (query: string) =>
  queryOptions({
    queryKey: [...deliveryQueries.all, 'address-search', query] as const,
    queryFn: ({ signal }) => addressLookupApi.search(query, signal),
    staleTime: 5 * 60_000,
    enabled: query.length >= MIN_SEARCH_LENGTH,
  });

export class NoCoordinates extends Error {
  constructor() {
    super(SWITCH_FAILURES['no-coordinates']);
  }
}

/** An address the lookup found, with its coordinates (its postcode's when it came without). */
export async function withCoordinates(address: LookupAddressResult): Promise<ChosenAddress> {
  const chosen = {
    label: address.label,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    zip: address.zip,
  };
  if (address.lat !== null && address.lon !== null) return { ...chosen, lat: address.lat, lon: address.lon };
  const found = await addressLookupApi.postcode(address.zip).catch(() => null);
  if (found?.lat == null || found.lon == null) throw new NoCoordinates();
  return { ...chosen, lat: found.lat, lon: found.lon };
}

/** A postcode on its own (no address of it listed): its coordinates, the street to be given at checkout. */
export async function postcodeOnly(typed: string): Promise<ChosenAddress> {
  if (!isUkPostcode(typed)) throw new NoCoordinates();
  const found = await addressLookupApi.postcode(formatUkPostcode(typed)).catch(() => null);
  if (found?.lat == null || found.lon == null) throw new NoCoordinates();
  return {
    label: found.postcode,
    address1: '',
    address2: null,
    city: found.adminDistrict ?? '',
    zip: found.postcode,
    lat: found.lat,
    lon: found.lon,
  };
}
