import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { formatUkPostcode, isUkPostcode } from '../../../domain/address';
import { DomainError, FieldErrors } from '../../../domain/errors';
import { normaliseUkPhone } from '../../../domain/phone';
import {
  addressProblems,
  type Address,
  type CreateAddressBody,
  type UpdateAddressBody,
} from '../../../contracts/addresses';
import type { Db, DbOrTx } from '../../db/client';
import { courierDaysOf } from '../../integrations/postcodes/gazetteer';
import { addresses, customers } from '../../db/schema/customers';
import type { OrderAddress } from '../../../domain/address';

// Addresses (spec §3 Address, §5): countryCode defaults to UK; UK postcodes are checked and formatted;
// the placeholder "ignore_me" is not an address; a saved address needs at least one of address1, address2,
// phone, city or zip. One default per customer; the first address becomes it.

export type AddressRow = typeof addresses.$inferSelect;

export const ADDRESS_GONE = 'That address is no longer in your account';

/** The customer's saved address, or ADDRESS_NOT_FOUND (another customer's address is not found either). */
export async function customerAddress(db: DbOrTx, customerId: string, id: string): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)));
  if (!row) throw new DomainError('ADDRESS_NOT_FOUND', ADDRESS_GONE);
  return row;
}

/** An address as it is now, for an order or a plan to keep (orders never change when the address book does). */
export function addressSnapshot(row: AddressRow): OrderAddress {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    zip: row.zip,
    company: row.company,
    region: row.region,
    country: row.country,
    countryCode: row.countryCode,
    phone: row.phone,
    lat: row.lat,
    lon: row.lon,
  };
}

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    zip: row.zip,
    company: row.company,
    region: row.region,
    regionCode: row.regionCode,
    country: row.country,
    countryCode: row.countryCode,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    lat: row.lat,
    lon: row.lon,
    isDefault: row.isDefault,
    extId: row.extId,
    deliverable: ukZip(row) ? courierDaysOf(row.zip).length > 0 : null,
  };
}

/** A UK address's postcode, when it has one. */
function ukZip(row: AddressRow): row is AddressRow & { zip: string } {
  return !!row.zip && ['UK', 'GB'].includes(row.countryCode) && isUkPostcode(row.zip);
}

/** The same errors as the request schema gives for these rules on a new address ("Enter a valid …"). */
function invalid(problems: { path: string; message: string }[]): never {
  throw new FieldErrors(problems.map((problem) => ({ field: problem.path, message: problem.message })));
}

const regionNames = new Intl.DisplayNames(['en-GB'], { type: 'region' });

function countryName(code: string): string {
  if (code === 'UK') return 'United Kingdom';
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Normalised fields (postcode as "SW1A 1AA", phone as +44…, blanks as null). */
function normalise(body: UpdateAddressBody) {
  const out: Partial<typeof addresses.$inferInsert> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'isDefault' || value === undefined) continue;
    (out as Record<string, unknown>)[key] = typeof value === 'string' && value.trim() === '' ? null : value;
  }
  if (typeof out.countryCode === 'string') {
    out.countryCode = out.countryCode.toUpperCase() === 'GB' ? 'UK' : out.countryCode.toUpperCase();
    // The country's name follows its code unless one was given ("IE" → "Ireland").
    if (out.country == null) out.country = countryName(out.countryCode);
  }
  if (typeof out.zip === 'string' && isUkPostcode(out.zip)) out.zip = formatUkPostcode(out.zip);
  if (typeof out.phone === 'string') {
    const phone = normaliseUkPhone(out.phone);
    if (!phone.ok) invalid([{ path: 'phone', message: phone.reason }]);
    out.phone = phone.e164;
  }
  return out;
}

export class AddressesService {
  constructor(private readonly db: Db) {}

  list(customerId: string): Promise<AddressRow[]> {
    return this.db
      .select()
      .from(addresses)
      .where(eq(addresses.customerId, customerId))
      .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id));
  }

  async create(customerId: string, body: CreateAddressBody): Promise<AddressRow> {
    const values = normalise(body);
    return this.db.transaction(async (tx) => {
      await this.lockCustomer(tx, customerId);
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(addresses)
        .where(eq(addresses.customerId, customerId));
      if (count >= 50)
        throw new DomainError('CONFLICT', 'You can keep up to 50 addresses. Please delete one first.');
      const makeDefault = body.isDefault === true || count === 0;
      if (makeDefault) await this.clearDefault(tx, customerId);
      const [row] = await tx
        .insert(addresses)
        .values({ ...values, customerId, isDefault: makeDefault })
        .returning();
      return row!;
    });
  }

  async update(customerId: string, id: string, body: UpdateAddressBody): Promise<AddressRow> {
    return this.db.transaction(async (tx) => {
      await this.lockCustomer(tx, customerId);
      const current = await this.owned(tx, customerId, id, true);
      const values = normalise(body);
      const merged = { ...toAddress(current), ...values };
      const problems = addressProblems(merged);
      if (problems.length > 0) invalid(problems);
      if (body.isDefault === true && !current.isDefault) await this.clearDefault(tx, customerId);
      const [row] = await tx
        .update(addresses)
        .set({
          ...values,
          // The default is moved by making another address the default, never by unsetting it here.
          ...(body.isDefault === true ? { isDefault: true } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(addresses.id, current.id))
        .returning();
      return row!;
    });
  }

  /** Deleting the default address makes the most recently added other one the default. */
  async remove(customerId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.lockCustomer(tx, customerId);
      const current = await this.owned(tx, customerId, id, true);
      await tx.delete(addresses).where(eq(addresses.id, current.id));
      if (current.isDefault) {
        const [next] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(and(eq(addresses.customerId, customerId), ne(addresses.id, current.id)))
          .orderBy(desc(addresses.createdAt))
          .limit(1);
        if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
      }
    });
  }

  async makeDefault(customerId: string, id: string): Promise<AddressRow> {
    return this.db.transaction(async (tx) => {
      await this.lockCustomer(tx, customerId);
      const current = await this.owned(tx, customerId, id, true);
      if (current.isDefault) return current;
      await this.clearDefault(tx, customerId);
      const [row] = await tx
        .update(addresses)
        .set({ isDefault: true, updatedAt: sql`now()` })
        .where(eq(addresses.id, current.id))
        .returning();
      return row!;
    });
  }

  /**
   * One change to a customer's addresses at a time: two tabs adding a first address, or making different
   * addresses the default, would otherwise both see "no default yet" and break the one-default index (a
   * 500), and two adds at 49 would both pass the cap.
   */
  private async lockCustomer(tx: DbOrTx, customerId: string) {
    await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('no key update');
  }

  private async owned(db: DbOrTx, customerId: string, id: string, lock = false): Promise<AddressRow> {
    const query = db
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new DomainError('ADDRESS_NOT_FOUND', ADDRESS_GONE);
    return row;
  }

  private async clearDefault(db: DbOrTx, customerId: string) {
    await db
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.customerId, customerId), eq(addresses.isDefault, true)));
  }
}
