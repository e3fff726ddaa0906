import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  courierInstructionAttributes,
  deliveryDateAttributes,
  deliveryDatesDocument,
  lookupAddressAttributes,
  postcodeLookupAttributes,
  type CourierInstruction,
  type DeliveryDate,
  type LookupAddressResult,
  type OrderKindOnWire,
  type PostcodeLookup,
} from '../../../contracts/delivery';
import { api } from '../../shared/api/client';
import { read, readMany, readOne } from '../../shared/api/documents';

// Delivery (spec §7 Delivery and constraints; External: address lookup, postcodes): the dates on offer
// for a postcode and a week (or between two days), the courier's instruction choices, and the address
// lookup.

const deliveryDateModel = z.extend(deliveryDateAttributes, { id: z.string() });
const instructionModel = z.extend(courierInstructionAttributes, { id: z.string() });
const lookupAddressModel = z.extend(lookupAddressAttributes, { id: z.string() });
const postcodeLookupModel = z.extend(postcodeLookupAttributes, { id: z.string() });

// Checked in development and tests; a production build trusts the server, which checked it (decision 31).
const datesCheck = import.meta.env.PROD ? null : deliveryDatesDocument;
const dateCheck = import.meta.env.PROD ? null : deliveryDateModel;
const instructionCheck = import.meta.env.PROD ? null : instructionModel;
const lookupAddressCheck = import.meta.env.PROD ? null : lookupAddressModel;
const postcodeLookupCheck = import.meta.env.PROD ? null : postcodeLookupModel;
/** Read without parsing in production: first-load-reads.test.ts holds each to the data as sent. */
export const UNPARSED_IN_PRODUCTION = [
  datesCheck,
  dateCheck,
  instructionCheck,
  lookupAddressCheck,
  postcodeLookupCheck,
];

export interface DeliveryDates {
  dates: DeliveryDate[];
  postcode: string;
  deliveryDays: number[];
  lastDate: string;
}

function readDeliveryDates(doc: unknown): DeliveryDates {
  const { meta } = read(datesCheck, doc);
  return {
    dates: readMany(doc, dateCheck),
    postcode: meta.postcode,
    deliveryDays: meta.deliveryDays,
    lastDate: meta.lastDate,
  };
}

export const deliveryQueries = {
  all: ['delivery'] as const,
  /** The dates on offer for a basket's first week: a plan's box by its cutoff, a one-off box next day too. */
  dates: (postcode: string, mealWeek: string, productVariantIds: string[], kind: OrderKindOnWire = 'plan') =>
    queryOptions({
      queryKey: [
        ...deliveryQueries.all,
        'delivery-dates',
        postcode,
        mealWeek,
        productVariantIds,
        kind,
      ] as const,
      queryFn: async ({ signal }) =>
        readDeliveryDates(
          await api('POST', '/delivery_dates', {
            body: { postcode, mealWeek, productVariantIds, kind },
            signal,
          }),
        ),
      staleTime: 60_000,
    }),
  /** The dates on offer between two days (a gift box: no menu week), minus those its dishes rule out. */
  datesBetween: (
    postcode: string,
    beginDate: string,
    endDate: string,
    productVariantIds: string[],
    kind: OrderKindOnWire = 'plan',
  ) =>
    queryOptions({
      queryKey: [
        ...deliveryQueries.all,
        'delivery-dates-between',
        postcode,
        beginDate,
        endDate,
        productVariantIds,
        kind,
      ] as const,
      queryFn: async ({ signal }) =>
        readDeliveryDates(
          await api('POST', '/delivery_dates', {
            body: { postcode, beginDate, endDate, productVariantIds, kind },
            signal,
          }),
        ),
      staleTime: 60_000,
    }),
  courierInstructions: () =>
    queryOptions({
      queryKey: [...deliveryQueries.all, 'courier-instructions'] as const,
      queryFn: async ({ signal }): Promise<CourierInstruction[]> =>
        readMany(await api('GET', '/courier_delivery_instructions', { signal }), instructionCheck).sort(
          (a, b) => a.position - b.position,
        ),
      staleTime: 60 * 60_000,
    }),
  /** A postcode's addresses, and whether we deliver there. */
  postcode: (postcode: string) =>
    queryOptions({
      queryKey: [...deliveryQueries.all, 'postcode', postcode] as const,
      queryFn: ({ signal }) => addressLookupApi.postcode(postcode, signal),
      enabled: postcode !== '',
      staleTime: 5 * 60_000,
    }),
  /** Addresses matching free text, once `minLength` letters are typed. */
  addressSearch: (query: string, minLength: number) =>
    queryOptions({
      queryKey: [...deliveryQueries.all, 'address-search', query] as const,
      queryFn: ({ signal }) => addressLookupApi.search(query, signal),
      staleTime: 5 * 60_000,
      enabled: query.length >= minLength,
    }),
};

export const addressLookupApi = {
  /** A postcode's addresses, and whether we deliver there. */
  postcode: async (postcode: string, signal?: AbortSignal): Promise<PostcodeLookup> =>
    readOne(
      await api('GET', `/address_lookup/postcodes/${encodeURIComponent(postcode.trim())}`, { signal }),
      postcodeLookupCheck,
    ),
  /** Addresses matching free text ("10 downing st"). */
  search: async (query: string, signal?: AbortSignal): Promise<LookupAddressResult[]> =>
    readMany(await api('GET', '/address_lookup', { query: { query }, signal }), lookupAddressCheck),
};
