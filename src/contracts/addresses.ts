import * as z from 'zod/mini';
import {
  isPlaceholderAddress,
  isSavableAddress,
  isUkPostcode,
  POSTCODE_INVALID_MESSAGE,
} from '../domain/address';
import { ukPhoneSchema } from './customers';

// Addresses (spec §3 Address, §5 address rules, §7 Addresses).

export * from './address-model';

const text = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))));

const addressFields = {
  address1: text(200),
  address2: text(200),
  city: text(100),
  zip: text(20),
  company: text(100),
  region: text(100),
  regionCode: text(10),
  country: text(100),
  countryCode: z.optional(
    z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, 'must be a two-letter country code')),
  ),
  firstName: text(100),
  lastName: text(100),
  phone: z.optional(z.nullable(ukPhoneSchema)),
  lat: z.optional(z.nullable(z.number().check(z.gte(-90), z.lte(90)))),
  lon: z.optional(z.nullable(z.number().check(z.gte(-180), z.lte(180)))),
  extId: text(100),
};

type AddressInput = { [K in keyof typeof addressFields]?: unknown };

/** The address rules, as checks on a whole address (new, or existing merged with a change). */
export function addressProblems(address: AddressInput): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const facts = address as {
    address1?: string | null;
    address2?: string | null;
    phone?: string | null;
    city?: string | null;
    zip?: string | null;
    countryCode?: string;
  };
  if (isPlaceholderAddress(facts)) problems.push({ path: 'address1', message: 'Enter a real address' });
  else if (!isSavableAddress(facts)) {
    problems.push({ path: 'address1', message: 'Enter at least a street, town, postcode or phone number' });
  }
  const country = facts.countryCode ?? 'UK';
  if (facts.zip && (country === 'UK' || country === 'GB') && !isUkPostcode(facts.zip)) {
    problems.push({ path: 'zip', message: POSTCODE_INVALID_MESSAGE });
  }
  return problems;
}

export const createAddressBody = z
  .strictObject({ ...addressFields, isDefault: z.optional(z.boolean()) })
  .check(
    z.superRefine((value, ctx) => {
      for (const problem of addressProblems(value)) {
        ctx.issues.push({ code: 'custom', message: problem.message, path: [problem.path], input: value });
      }
    }),
  );
export type CreateAddressBody = z.infer<typeof createAddressBody>;

/** A change to an address; the rules are checked on the address as it will be. */
export const updateAddressBody = z.strictObject({ ...addressFields, isDefault: z.optional(z.boolean()) });
export type UpdateAddressBody = z.infer<typeof updateAddressBody>;

export const addressParams = z.strictObject({
  id: z
    .string()
    .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be an id')),
});
