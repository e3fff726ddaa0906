import {
  formatUkPostcode,
  isInUkPostcodeArea,
  isUkPostcode,
  outcodeOf,
  POSTCODE_INVALID_MESSAGE,
} from '../../../domain/address';
import { DomainError } from '../../../domain/errors';
import { courierDaysOf } from '../../integrations/postcodes/gazetteer';

// Where we deliver: the outcodes of the shipped gazetteer that have courier days (src/server/integrations/
// postcodes/gazetteer.json). The areas are ours whichever postcode service is used: postcodes.io knows every
// postcode in the country, but only these outcodes get a delivery. The answers (docs/decisions/0012): not a
// postcode is "Enter a full UK postcode"; a postcode of no UK postcode area is "We couldn't find"; one of an
// outcode we do not deliver to is "We don't deliver to M1 yet".

export { POSTCODE_INVALID_MESSAGE };

export interface DeliveryArea {
  /** "SW1A 2AA". */
  postcode: string;
  outcode: string;
  /** Weekdays the courier delivers here (1 Monday … 6 Saturday). */
  deliveryDays: number[];
}

/** "sw1a2aa " → "SW1A 2AA", or POSTCODE_INVALID. */
export function normalisePostcode(value: string): string {
  const trimmed = value.trim();
  if (!isUkPostcode(trimmed)) throw new DomainError('POSTCODE_INVALID', POSTCODE_INVALID_MESSAGE);
  return formatUkPostcode(trimmed);
}

export function postcodeNotFound(postcode: string): DomainError {
  return new DomainError(
    'POSTCODE_NOT_FOUND',
    `We couldn't find the postcode ${postcode}. Please check it and try again.`,
    { postcode },
  );
}

/** A well-formed postcode ("SW1A 2AA") whose letters are no UK postcode area ("AA1 1AA") is not found. */
export function assertRealArea(postcode: string): void {
  if (!isInUkPostcodeArea(postcode)) throw postcodeNotFound(postcode);
}

/** The delivery area of a well-formed postcode, or null when we do not deliver there (yet). */
export function findDeliveryArea(postcode: string): DeliveryArea | null {
  const formatted = formatUkPostcode(postcode);
  const deliveryDays = courierDaysOf(formatted);
  return deliveryDays.length > 0
    ? { postcode: formatted, outcode: formatted.split(' ')[0]!, deliveryDays }
    : null;
}

/** "We don't deliver to M1 yet": the outcode, which is what we do or do not deliver to. */
export function outsideAreaMessage(postcode: string): string {
  return `We don't deliver to ${outcodeOf(postcode)} yet`;
}

export function outsideDeliveryArea(postcode: string): DomainError {
  return new DomainError('OUTSIDE_DELIVERY_AREA', outsideAreaMessage(postcode), {
    postcode,
    outcode: outcodeOf(postcode),
  });
}

/**
 * The delivery area of a postcode as typed: POSTCODE_INVALID, POSTCODE_NOT_FOUND (no such postcode area) or
 * OUTSIDE_DELIVERY_AREA when there is none.
 */
export function deliveryAreaOf(value: string): DeliveryArea {
  const postcode = normalisePostcode(value);
  assertRealArea(postcode);
  const area = findDeliveryArea(postcode);
  if (!area) throw outsideDeliveryArea(postcode);
  return area;
}

/** The weekdays (1 Monday … 6 Saturday) the courier delivers to a postcode; OUTSIDE_DELIVERY_AREA if none. */
export function deliveryDaysOf(postcode: string): number[] {
  return deliveryAreaOf(postcode).deliveryDays;
}
