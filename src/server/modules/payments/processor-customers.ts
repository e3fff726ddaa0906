import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { processorCustomers } from '../../db/schema/payments';
import type { PaymentProcessor, ProcessorName } from '../../integrations/payments/port';
import { customerContact } from '../customers';

/** The customer's id at a processor, if one was made. */
export async function processorCustomerRef(
  db: DbOrTx,
  customerId: string,
  processor: ProcessorName,
): Promise<string | null> {
  const [row] = await db
    .select({ ref: processorCustomers.ref })
    .from(processorCustomers)
    .where(and(eq(processorCustomers.customerId, customerId), eq(processorCustomers.processor, processor)));
  return row?.ref ?? null;
}

/**
 * The customer's id at a processor (cus_…), made on first need and kept. Called outside any transaction
 * (the processor is never called inside one); the idempotency key makes two first payments at once get
 * the same processor customer.
 */
export async function ensureProcessorCustomer(
  db: Db,
  processor: PaymentProcessor,
  customerId: string,
): Promise<string> {
  const known = () => processorCustomerRef(db, customerId, processor.name);
  const ref = await known();
  if (ref) return ref;
  const made = await createAtProcessor(db, processor, customerId, `customer:${customerId}`);
  await db
    .insert(processorCustomers)
    .values({ customerId, processor: processor.name, ref: made })
    .onConflictDoNothing();
  return (await known()) ?? made;
}

/**
 * The processor no longer knows the customer's id (a processor reset, or the customer deleted there): a new
 * one replaces it. The key is made from the lost id, so two requests that find it gone at once make one.
 */
export async function renewProcessorCustomer(
  db: Db,
  processor: PaymentProcessor,
  customerId: string,
  lostRef: string,
): Promise<string> {
  const made = await createAtProcessor(db, processor, customerId, `customer:${customerId}:after:${lostRef}`);
  await db
    .update(processorCustomers)
    .set({ ref: made })
    .where(
      and(
        eq(processorCustomers.customerId, customerId),
        eq(processorCustomers.processor, processor.name),
        eq(processorCustomers.ref, lostRef),
      ),
    );
  return (await processorCustomerRef(db, customerId, processor.name)) ?? made;
}

/** Makes the customer at the processor, with their email, under the key given: its id there. */
async function createAtProcessor(
  db: Db,
  processor: PaymentProcessor,
  customerId: string,
  key: string,
): Promise<string> {
  const customer = await customerContact(db, customerId);
  return processor.createCustomer({ customerId, email: customer?.email ?? '' }, key);
}
