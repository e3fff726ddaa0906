import { formatPence } from '../../../domain/money';
import type { DbOrTx } from '../../db/client';
import { enqueueEmail } from '../../integrations/email';
import { paymentNotTaken } from '../../integrations/email/payment-templates';
import type { PaymentRow } from './payment-state';
import { customerContact } from '../customers';
import { firstOrderOf } from '../orders';

// Telling the customer how a payment ended when they were told we were still confirming it (issue 19 item
// 25: the processor did not answer at checkout). Paid: the order kind's own confirmation says so. Not taken:
// this email, in the transaction that records it, with the way to pay again. A weekly box charged while its
// customer is away has its own emails (the plan's), so this is for payments made at a checkout only.

export async function tellNotTaken(
  tx: DbOrTx,
  payment: PaymentRow,
  why: string,
  publicUrl: string,
): Promise<void> {
  if (!payment.unansweredAt || payment.offSession) return;
  const first = await firstOrderOf(tx, payment.checkoutId);
  const customer = await customerContact(tx, payment.customerId);
  if (!first || !customer) return;
  await enqueueEmail(
    tx,
    paymentNotTaken({
      to: customer.email,
      firstName: customer.firstName,
      number: first.number,
      amount: formatPence(payment.amount),
      why,
      link: `${publicUrl}/payment/${first.id}`,
    }),
  );
}
