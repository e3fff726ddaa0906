import { DomainError } from '../../../domain/errors';
import { isoDate, londonDate } from '../../../domain/calendar';
import { dateOfBirthProblem } from '../../../domain/date-of-birth';
import { normaliseUkPhone } from '../../../domain/phone';
import type { UpdateMeBody } from '../../../contracts/customers';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { customerDocument, PAPERLESS_TAG } from './customer-view';
import { findCustomerById, updateCustomer, type CustomerRow } from './customers.repo';

// The signed-in customer's own details (spec §7 Customers): only their editable fields.

export class CustomersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async me(customerId: string): Promise<CustomerRow> {
    const customer = await findCustomerById(this.db, customerId);
    // The session outlived its customer (deleted): the client treats 401 as signed out.
    if (!customer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue');
    return customer;
  }

  /** The customer's document as the API sends it, with their order flags read now. */
  /** A guest's own row (decision 28), or null when the id is not a guest's. */
  async guestOf(customerId: string): Promise<CustomerRow | null> {
    const row = await findCustomerById(this.db, customerId);
    return row?.guest ? row : null;
  }

  async document(row: CustomerRow, targetUrl?: string | null) {
    return await customerDocument(this.db, row, targetUrl);
  }

  async update(customerId: string, body: UpdateMeBody): Promise<CustomerRow> {
    await this.me(customerId);
    return updateCustomer(this.db, customerId, body);
  }

  async setDateOfBirth(customerId: string, dateOfBirth: string | null): Promise<CustomerRow> {
    if (dateOfBirth) {
      const problem = dateOfBirthProblem(isoDate(dateOfBirth), londonDate(this.clock.now()));
      if (problem) throw new DomainError('VALIDATION_FAILED', problem);
    }
    await this.me(customerId);
    return updateCustomer(this.db, customerId, { dateOfBirth });
  }

  /** UK phone rules (spec §5): stored as +44…. */
  async setPhone(customerId: string, phone: string | null): Promise<CustomerRow> {
    let e164: string | null = null;
    if (phone !== null && phone.trim() !== '') {
      const result = normaliseUkPhone(phone);
      if (!result.ok) throw new DomainError('VALIDATION_FAILED', result.reason);
      e164 = result.e164;
    }
    await this.me(customerId);
    return updateCustomer(this.db, customerId, { phone: e164 });
  }

  async setPaperless(customerId: string, paperless: boolean): Promise<CustomerRow> {
    const customer = await this.me(customerId);
    const tags = customer.tags.filter((tag) => tag !== PAPERLESS_TAG);
    return updateCustomer(this.db, customerId, { tags: paperless ? [...tags, PAPERLESS_TAG] : tags });
  }

  async setFingerprint(customerId: string, fingerprint: string): Promise<void> {
    await this.me(customerId);
    await updateCustomer(this.db, customerId, { fingerprint });
  }
}
