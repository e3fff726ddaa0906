import type { Config } from '../../config';
import type { FetchLike } from '../postcodes/fetch-json';
import { IdealPostcodes } from './ideal-postcodes';
import { EmbeddedAddressLookup } from './local';
import type { AddressLookupService } from './port';

/** The address lookup ADDRESS_LOOKUP asks for: addresses from the gazetteer, or Ideal Postcodes. */
export function createAddressLookup(
  config: Config['addressLookup'],
  fetchImpl?: FetchLike,
): AddressLookupService {
  return config.mode === 'ideal_postcodes'
    ? new IdealPostcodes({
        apiKey: config.idealPostcodes.apiKey,
        baseUrl: config.idealPostcodes.url,
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
      })
    : new EmbeddedAddressLookup();
}
