import { formatUkPostcode, isUkPostcode } from '../../../domain/address';
import { DomainError } from '../../../domain/errors';
import { gazetteer } from '../../integrations/postcodes/gazetteer';

// Where we deliver: the outcodes of the shipped gazetteer that have courier days (src/server/integrations/
// postcodes/gazetteer.json). The areas are ours whichever postcode service is used: postcodes.io knows every
// postcode in the country, but only these outcodes get a delivery.

export const POSTCODE_INVALID_MESSAGE = 'Enter a valid UK postcode, like SW1A 1AA';

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

/** The delivery area of a well-formed postcode, or null when we do not deliver there (yet). */
export function findDeliveryArea(postcode: string): DeliveryArea | null {
  const formatted = formatUkPostcode(postcode);
  const outcode = formatted.split(' ')[0]!;
  const known = gazetteer().outcode(outcode);
  const deliveryDays = (known?.deliveryDays ?? []).filter((day) => day !== 0);
  return deliveryDays.length > 0 ? { postcode: formatted, outcode, deliveryDays } : null;
}

export function outsideDeliveryArea(postcode: string): DomainError {
  return new DomainError('OUTSIDE_DELIVERY_AREA', `Sorry, we don't deliver to ${postcode} yet`, { postcode });
}

/** The delivery area of a postcode as typed: POSTCODE_INVALID or OUTSIDE_DELIVERY_AREA when there is none. */
export function deliveryAreaOf(value: string): DeliveryArea {
  const postcode = normalisePostcode(value);
  const area = findDeliveryArea(postcode);
  if (!area) throw outsideDeliveryArea(postcode);
  return area;
}
