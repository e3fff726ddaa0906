// The address-lookup port (architecture decision 8; spec §7 External: "an address lookup service (by query,
// returning latitude and longitude)"). Checkout's address step searches by free text ("10 downing",
// "SW1A 2AA") or lists a postcode's addresses. The embedded implementation (./local.ts) makes addresses
// from the shipped gazetteer; production uses Ideal Postcodes (./ideal-postcodes.ts). ./index.ts picks one
// by ADDRESS_LOOKUP.

/** One address, in the fields of our Address (spec §3): ready to fill the address form. */
export interface LookupAddress {
  /** Stable for the same address: the provider's id, or ours for the gazetteer. */
  id: string;
  address1: string;
  address2: string | null;
  city: string;
  /** The postcode, "SW1A 2AA". */
  zip: string;
  lat: number | null;
  lon: number | null;
}

export interface AddressLookupService {
  readonly name: 'embedded' | 'ideal_postcodes';
  /** Addresses matching free text, best first, at most `limit`. */
  search(query: string, limit: number): Promise<LookupAddress[]>;
  /** Every address at a postcode, or null when the postcode does not exist. */
  addressesAt(postcode: string): Promise<LookupAddress[] | null>;
}

/** The provider could not answer (unreachable, refused our key, out of credit): not "nothing found". */
export class AddressLookupError extends Error {
  override name = 'AddressLookupError';
}

export const MAX_LOOKUP_RESULTS = 50;
