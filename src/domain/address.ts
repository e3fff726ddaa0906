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

/** What to do when a postcode is not written as one. */
export const POSTCODE_INVALID_MESSAGE = 'Enter a full UK postcode, like SW1A 2AA';

/** The outward code of a well-formed postcode: "m1 1ae" → "M1". */
export function outcodeOf(postcode: string): string {
  return formatUkPostcode(postcode).split(' ')[0]!;
}

/**
 * Royal Mail's postcode areas (the letters an outward code starts with), the Channel Islands', the Isle
 * of Man's and BFPO's: a well-formed postcode outside them is not a real one.
 */
export const UK_POSTCODE_AREAS: ReadonlySet<string> = new Set(
  (
    'AB AL B BA BB BD BF BH BL BN BR BS BT CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY E EC ' +
    'EH EN EX FK FY G GIR GL GU GY HA HD HG HP HR HS HU HX IG IM IP IV JE KA KT KW KY L LA LD LE LL LN LS ' +
    'LU M ME MK ML N NE NG NN NP NR NW OL OX PA PE PH PL PO PR RG RH RM S SA SE SG SK SL SM SN SO SP SR SS ' +
    'ST SW SY TA TD TF TN TQ TR TS TW UB W WA WC WD WF WN WR WS WV YO ZE'
  ).split(' '),
);

/** Whether a well-formed postcode is in one of the UK's postcode areas ("AA1 1AA" is not). */
export function isInUkPostcodeArea(postcode: string): boolean {
  const area = /^[A-Z]+/.exec(outcodeOf(postcode))?.[0] ?? '';
  return UK_POSTCODE_AREAS.has(area);
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

// The address snapshots that orders and takeaway baskets keep (they stay as they were when written, whatever
// the address book does later). Values, not tables: every area may use them.

/** An address as it was when the order was placed (orders keep it even if the address book changes). */
export interface OrderAddress {
  firstName: string | null;
  lastName: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  zip: string | null;
  company: string | null;
  region: string | null;
  country: string;
  countryCode: string;
  phone: string | null;
  lat: number | null;
  lon: number | null;
}

/** Where a takeaway goes and who takes it, as the basket and the order keep it. */
export interface TakeawayAddress {
  firstName: string | null;
  lastName: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  zip: string | null;
  country: string;
  countryCode: string;
  phone: string | null;
  lat: number | null;
  lon: number | null;
}
