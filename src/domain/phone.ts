import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

// UK phone rules (spec §5): a leading 0 becomes +44; a 00 prefix must be 0044; the number must be valid
// for the UK; a number without a plus is a local (UK) number. "Region GB" is read as the UK numbering plan
// (+44), which the Channel Islands and the Isle of Man share: libphonenumber files some ordinary UK
// mobiles (07911 …) under Guernsey. See docs/decisions/0006.

export type PhoneResult = { ok: true; e164: string } | { ok: false; reason: string };

const UK_PLAN_REGIONS = new Set(['GB', 'GG', 'JE', 'IM']);

export function normaliseUkPhone(input: string): PhoneResult {
  const compact = input.trim().replace(/[\s().-]/g, '');
  if (compact === '') return { ok: false, reason: 'Enter a phone number' };
  if (!/^\+?\d+$/.test(compact)) return { ok: false, reason: 'Use only digits, spaces and a leading +' };
  let international: string;
  if (compact.startsWith('+')) international = compact;
  else if (compact.startsWith('00')) {
    if (!compact.startsWith('0044')) return { ok: false, reason: 'Enter a UK number (+44)' };
    international = `+${compact.slice(2)}`;
  } else if (compact.startsWith('0')) international = `+44${compact.slice(1)}`;
  else international = `+44${compact}`;
  if (!international.startsWith('+44')) return { ok: false, reason: 'Enter a UK number (+44)' };
  const parsed = parsePhoneNumberFromString(international);
  if (
    !parsed ||
    !parsed.isValid() ||
    parsed.countryCallingCode !== '44' ||
    !UK_PLAN_REGIONS.has(parsed.country ?? '')
  ) {
    return { ok: false, reason: 'Enter a valid UK phone number' };
  }
  return { ok: true, e164: parsed.number };
}
