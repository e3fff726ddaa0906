// Address rules (spec §5): the placeholder "ignore_me" is not an address; a saved address needs at least
// one of address1, address2, phone, city or zip; UK postcodes have the Royal Mail format.

export const ADDRESS_PLACEHOLDER = 'ignore_me';

/** The UK postcode pattern (Royal Mail format, with or without the space). */
export const UK_POSTCODE =
  /^(GIR ?0AA|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]([0-9ABEHMNPRV-Y])?|[0-9][A-HJKPS-UW]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/i;

export function isUkPostcode(value: string): boolean {
  return UK_POSTCODE.test(value.trim());
}

/** "sw1a1aa" → "SW1A 1AA". */
export function formatUkPostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

export interface AddressFacts {
  address1?: string | null;
  address2?: string | null;
  phone?: string | null;
  city?: string | null;
  zip?: string | null;
}

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

export function isPlaceholderAddress(address: AddressFacts): boolean {
  return (address.address1 ?? '').trim().toLowerCase() === ADDRESS_PLACEHOLDER;
}

/** A saved address needs at least one of address1, address2, phone, city or zip, and is not the placeholder. */
export function isSavableAddress(address: AddressFacts): boolean {
  if (isPlaceholderAddress(address)) return false;
  return [address.address1, address.address2, address.phone, address.city, address.zip].some(filled);
}

/** An address good enough to deliver to: a street, a town and a valid postcode. */
export function isDeliverableAddress(address: AddressFacts): boolean {
  return (
    !isPlaceholderAddress(address) &&
    filled(address.address1) &&
    filled(address.city) &&
    isUkPostcode(address.zip ?? '')
  );
}
