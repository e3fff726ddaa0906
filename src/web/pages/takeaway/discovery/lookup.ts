import type { LookupAddressResult } from '../../../../contracts/delivery';
import { formatUkPostcode, isUkPostcode } from '../../../../domain/address';
import { addressLookupApi, deliveryQueries } from '../../../features/delivery/delivery.queries';
import type { ChosenAddress } from '../../../features/takeaway/discovery/suggestions';
import { isApiError } from '../../../shared/api/client';

// The address lookup as the takeaway search uses it (spec §7 External: an address lookup by query, with
// latitude and longitude): what the customer typed, as they type; an address without coordinates takes its
// postcode's (every real UK postcode has a place: docs/decisions/0012), and a postcode that does not exist
// is said to be so, in words the customer can act on (issue 19, item 12).

/** Letters typed before the lookup is asked: fewer match half the country. */
export const MIN_SEARCH_LENGTH = 3;

export const addressSearch = (query: string) => deliveryQueries.addressSearch(query, MIN_SEARCH_LENGTH);

/** The address or postcode cannot be placed: said in words the customer can act on. */
export class NoCoordinates extends Error {}

/** The postcode's place, or NoCoordinates when no such postcode exists; other failures are thrown as they are. */
async function locatePostcode(postcode: string) {
  const found = await addressLookupApi.postcode(postcode).catch((error: unknown) => {
    if (isApiError(error, 'POSTCODE_NOT_FOUND', 'POSTCODE_INVALID')) return null;
    throw error;
  });
  if (found?.lat == null || found.lon == null) {
    throw new NoCoordinates(`We couldn’t find the postcode ${postcode}. Please check it and try again.`);
  }
  return { postcode: found.postcode, city: found.adminDistrict ?? '', lat: found.lat, lon: found.lon };
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
  const found = await locatePostcode(address.zip);
  return { ...chosen, lat: found.lat, lon: found.lon };
}

/** A postcode on its own (no address of it listed): its coordinates, the street to be given at checkout. */
export async function postcodeOnly(typed: string): Promise<ChosenAddress> {
  if (!isUkPostcode(typed)) throw new NoCoordinates('Enter a full UK postcode, like SW1A 2AA');
  const found = await locatePostcode(formatUkPostcode(typed));
  return {
    label: found.postcode,
    address1: '',
    address2: null,
    city: found.city,
    zip: found.postcode,
    lat: found.lat,
    lon: found.lon,
  };
}
