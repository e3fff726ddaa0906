import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addressLookupDocument,
  addressLookupQuery,
  postcodeLookupDocument,
  postcodeLookupParams,
  type LookupAddressResult,
} from '../../../contracts/delivery';
import type { Config } from '../../config';
import { ErrorResponse } from '../../http/problems';
import { clientAddress } from '../../http/client-address';
import { type CountHit, type Limit } from '../../security/rate-limit';
import { createAddressLookup } from '../../integrations/address-lookup';
import { AddressLookupError, type LookupAddress } from '../../integrations/address-lookup/port';
import { createPostcodeService } from '../../integrations/postcodes';
import { PostcodeServiceError, type PostcodeResult } from '../../integrations/postcodes/port';
import {
  assertRealArea,
  findDeliveryArea,
  normalisePostcode,
  outsideAreaMessage,
  postcodeNotFound,
} from './delivery-areas';

// Address lookup for checkout's address step (spec §7 External: "an address lookup service (by query,
// returning latitude and longitude)"): search by free text, or a postcode's addresses with its coordinates
// and whether we deliver there. A billing address may be anywhere, so "not deliverable" is an answer here,
// not an error.

const tags = ['address lookup'];
export const DEFAULT_ADDRESS_RESULTS = 20;

/** Typing an address is a lookup every few letters; a paid provider is not a free search engine. */
export const ADDRESS_LOOKUP_LIMIT: Limit = { max: 300, windowMs: 600_000 };

const UNAVAILABLE = "We couldn't look up addresses just now. Please type your address instead.";

function unavailable(): ErrorResponse {
  return new ErrorResponse(503, [{ status: '503', code: 'ADDRESS_LOOKUP_UNAVAILABLE', detail: UNAVAILABLE }]);
}

function toResult(address: LookupAddress): LookupAddressResult {
  const street = [address.address1, address.address2].filter(Boolean).join(', ');
  return {
    id: address.id,
    label: `${street}, ${address.city} ${address.zip}`,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    zip: address.zip,
    country: 'United Kingdom',
    countryCode: 'UK',
    lat: address.lat,
    lon: address.lon,
  };
}

export interface AddressLookupRoutesOptions {
  addressLookup: Config['addressLookup'];
  postcodes: Config['postcodes'];
  countHit: CountHit;
}

export async function addressLookupRoutes(app: FastifyInstance, options: AddressLookupRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const lookup = createAddressLookup(options.addressLookup);
  const postcodes = createPostcodeService(options.postcodes);
  const limitCaller = (request: FastifyRequest) =>
    options.countHit(`address-lookup:ip:${clientAddress(request)}`, ADDRESS_LOOKUP_LIMIT);

  r.get(
    '/address_lookup',
    {
      schema: {
        tags,
        summary: 'Addresses matching what the customer typed ("10 downing", "SW1A 2AA"), with coordinates',
        querystring: addressLookupQuery,
        response: { 200: addressLookupDocument },
      },
    },
    async (request) => {
      await limitCaller(request);
      let found: LookupAddress[];
      try {
        found = await lookup.search(request.query.query, request.query.limit ?? DEFAULT_ADDRESS_RESULTS);
      } catch (error) {
        if (!(error instanceof AddressLookupError)) throw error;
        request.log.error({ err: error, service: lookup.name }, 'address search failed');
        throw unavailable();
      }
      return {
        data: found.map(toResult).map(({ id, ...attributes }) => ({
          id,
          type: 'address_lookup_results' as const,
          attributes,
        })),
      };
    },
  );

  r.get(
    '/address_lookup/postcodes/:postcode',
    {
      schema: {
        tags,
        summary:
          "A postcode's addresses, its coordinates and whether we deliver there (checkout's postcode step)",
        params: postcodeLookupParams,
        response: { 200: postcodeLookupDocument },
      },
    },
    async (request) => {
      const postcode = normalisePostcode(request.params.postcode);
      assertRealArea(postcode);
      await limitCaller(request);
      // undefined: the service could not answer; null: it answered "no such postcode".
      const [facts, addresses] = await Promise.all([
        postcodes.lookup(postcode).catch((error: unknown): PostcodeResult | null | undefined => {
          if (!(error instanceof PostcodeServiceError)) throw error;
          request.log.warn({ err: error, service: postcodes.name }, 'postcode lookup failed');
          return undefined;
        }),
        lookup.addressesAt(postcode).catch((error: unknown): LookupAddress[] | null | undefined => {
          if (!(error instanceof AddressLookupError)) throw error;
          request.log.error({ err: error, service: lookup.name }, 'address lookup failed');
          return undefined;
        }),
      ]);
      const area = findDeliveryArea(postcode);
      // Outside our outcodes the answer is "we don't deliver to M1 yet" whether or not a service knows the
      // postcode (the embedded one knows only the outcodes it serves); a billing address may still be there.
      if (area && facts === undefined && addresses === undefined) throw unavailable();
      if (area && !facts && !addresses) throw postcodeNotFound(postcode);
      const first = addresses?.[0];
      return {
        data: {
          id: postcode,
          type: 'postcode_lookups' as const,
          attributes: {
            postcode,
            outcode: postcode.split(' ')[0]!,
            lat: facts?.latitude ?? first?.lat ?? null,
            lon: facts?.longitude ?? first?.lon ?? null,
            adminDistrict: facts?.admin_district ?? null,
            region: facts?.region ?? null,
            country: facts?.country ?? null,
            deliverable: area !== null,
            deliveryDays: area?.deliveryDays ?? [],
            message: area ? null : outsideAreaMessage(postcode),
            addresses: (addresses ?? []).map(toResult),
          },
        },
      };
    },
  );
}
