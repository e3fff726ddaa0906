import { deadlineLabel, longDayLabel, type IsoDate } from '../../../domain/calendar';
import { formatPence } from '../../../domain/money';
import { dispatchDeadline, weekCutoff } from '../../../domain/plans';
import type { DbOrTx } from '../../db/client';
import { enqueueEmail, enqueueEmails } from '../../integrations/email';
import { planBillingLetter, type PlanBillingTemplate } from '../../integrations/email/plan-templates';
import { customerContacts, findCustomerById } from '../customers';
import { paymentReceiptRows } from '../../../domain/receipt';
import type { EmailOrder } from '../../integrations/email/templates';
import {
  describePayments,
  emailOrderOf,
  emailOrdersOf,
  emailTotals,
  type CheckoutPaid,
  type OrderRow,
} from '../orders';
import { theWeekOf } from './plan-receipts';

// The words of weekly billing's emails (issue 12 parts 2 and 4), queued in the transaction that decided
// them: what will be or was sent and charged, what went wrong and what the customer can do, with links.

type Letter = Omit<Parameters<typeof planBillingLetter>[0], 'to' | 'firstName' | 'template' | 'order'>;

async function send(
  tx: DbOrTx,
  customerId: string,
  template: PlanBillingTemplate,
  letter: Letter,
  order?: OrderRow,
  paid?: CheckoutPaid,
): Promise<void> {
  const customer = await findCustomerById(tx, customerId);
  if (!customer) return;
  await enqueueEmail(
    tx,
    planBillingLetter({
      to: customer.email,
      firstName: customer.firstName,
      template,
      ...letter,
      ...(order ? { order: withPaid(await emailOrderOf(tx, order), order, paid) } : {}),
    }),
  );
}

/** A paid box's receipt (issue 19): its totals, then the store credit used and what the card was charged. */
function withPaid(shown: EmailOrder, box: OrderRow, paid: CheckoutPaid | undefined): EmailOrder {
  if (!paid) return shown;
  return {
    ...shown,
    totals: [...shown.totals, ...emailTotals(paymentReceiptRows({ ...paid, total: box.total, orders: 1 }))],
  };
}

const arrives = (order: OrderRow) => longDayLabel(order.deliveryDate as IsoDate);

/** Two days before the cutoff: exactly what will be sent and charged, with one-tap skip and choose. */
export function reminderEmail(
  tx: DbOrTx,
  box: OrderRow,
  details: { card: string | null; links: { skip: string; choose: string } },
): Promise<void> {
  const week = box.mealWeek as IsoDate;
  const cutoff = deadlineLabel(weekCutoff(week));
  return send(
    tx,
    box.customerId,
    'plan_reminder',
    {
      subject: `Your next box arrives ${arrives(box)}: skip or choose by ${cutoff}`,
      heading: 'Your next box',
      paragraphs: [
        `If you do nothing, we’ll charge ${formatPence(box.total)}${details.card ? ` to ${details.card}` : ''} on ${cutoff}, when the menu for ${theWeekOf(week)} closes, and send the box below on ${arrives(box)}.`,
        'Store credit on your account is used first. Prices are those on the menu when we charge.',
      ],
      after: ['Not this week? Skip it with one tap. Want other dishes? Choose them before the menu closes.'],
      buttons: [
        { label: 'Skip this week', url: details.links.skip },
        { label: 'Choose your dishes', url: details.links.choose },
      ],
    },
    box,
  );
}

interface Charged {
  charged: number;
  credit: number;
  /** The plan's card it was charged to (named on the receipt). */
  paymentMethodId: string | null;
  notes: readonly string[];
  publicUrl: string;
}

const paymentOf = (paid: Charged) => ({
  amount: paid.charged,
  creditAmount: paid.credit,
  paymentMethodId: paid.paymentMethodId,
  processor: 'stripe' as const,
});

/** The words of the charged email: what was charged, what comes and when, what changed at the cutoff. */
function chargedLetter(box: OrderRow, paid: Charged): Letter {
  const money = [
    paid.charged > 0 ? `${formatPence(paid.charged)} to your card` : null,
    paid.credit > 0 ? `${formatPence(paid.credit)} of store credit` : null,
  ].filter(Boolean);
  return {
    subject: `Your box for ${arrives(box)} is paid`,
    heading: 'Your box is on the way to the kitchen',
    paragraphs: [
      `We’ve charged ${money.join(' and ') || formatPence(0)} for your box #${box.number}. It arrives ${arrives(box)}.`,
      ...paid.notes,
    ],
    buttons: [{ label: 'See your pasta plan', url: `${paid.publicUrl}/account/upcoming-orders` }],
  };
}

/** The box was charged: what was charged, what comes and when, and anything that changed at the cutoff. */
export async function chargedEmail(tx: DbOrTx, box: OrderRow, paid: Charged): Promise<void> {
  const [described] = await describePayments(tx, [paymentOf(paid)]);
  return send(tx, box.customerId, 'plan_charged', chargedLetter(box, paid), box, described);
}

/** The same for a batch of boxes charged together: four statements for all of them. */
export async function chargedEmails(
  tx: DbOrTx,
  paid: readonly { box: OrderRow; charged: Charged }[],
): Promise<void> {
  const people = await customerContacts(tx, [...new Set(paid.map(({ box }) => box.customerId))]);
  const shown = await emailOrdersOf(
    tx,
    paid.map(({ box }) => box),
  );
  const described = await describePayments(
    tx,
    paid.map(({ charged }) => paymentOf(charged)),
  );
  await enqueueEmails(
    tx,
    paid.flatMap(({ box, charged }, index) => {
      const customer = people.get(box.customerId);
      if (!customer) return [];
      return [
        planBillingLetter({
          to: customer.email,
          firstName: customer.firstName,
          template: 'plan_charged',
          ...chargedLetter(box, charged),
          order: withPaid(shown.get(box.id)!, box, described[index]),
        }),
      ];
    }),
  );
}

/** A weekly charge failed: why, what happens next, and the pay-again page. */
export function paymentFailedEmail(
  tx: DbOrTx,
  box: OrderRow,
  failed: { message: string; retryAt: Date | null; publicUrl: string },
): Promise<void> {
  const deadline = deadlineLabel(dispatchDeadline(box.deliveryDate as IsoDate));
  return send(
    tx,
    box.customerId,
    'plan_payment_failed',
    {
      subject: `Action needed: your box for ${arrives(box)} isn’t paid`,
      heading: 'Your payment didn’t go through',
      paragraphs: [
        `We couldn’t take ${formatPence(box.total)} for your box #${box.number}. ${failed.message}`,
        failed.retryAt
          ? `We’ll try your card again on ${deadlineLabel(failed.retryAt)}. To be sure of your box, pay now with this card or another one.`
          : `We won’t try this card again. Pay by ${deadline} to get your box on ${arrives(box)}; if your bank asks, confirm the payment there.`,
        `If it isn’t paid by ${deadline}, we won’t send it and your plan goes on hold until you restart it.`,
      ],
      buttons: [{ label: 'Pay for your box', url: `${failed.publicUrl}/payment/${box.id}` }],
    },
    box,
  );
}

/** A box that will not be sent (nothing charged, or everything given back). */
export function notSentEmail(
  tx: DbOrTx,
  box: OrderRow,
  why: { reason: string; publicUrl: string },
): Promise<void> {
  return send(tx, box.customerId, 'plan_not_sent', {
    subject: `We won’t send your box for ${arrives(box)}`,
    heading: 'No box this week',
    paragraphs: [why.reason, 'You haven’t been charged for it.'],
    buttons: [{ label: 'See your pasta plan', url: `${why.publicUrl}/account/upcoming-orders` }],
  });
}

/** The plan is on hold after a box went unpaid: what that means and how to restart it. */
export function planFailedEmail(tx: DbOrTx, box: OrderRow, publicUrl: string): Promise<void> {
  return send(tx, box.customerId, 'plan_failed', {
    subject: 'Your pasta plan is on hold',
    heading: 'Your plan is on hold',
    paragraphs: [
      `Your box for ${arrives(box)} wasn’t paid in time, so we’ve put your plan on hold: we won’t make or charge any more boxes.`,
      'Check your card in your account, then activate your plan to get boxes again.',
    ],
    buttons: [{ label: 'Restart your plan', url: `${publicUrl}/account/pasta-plan` }],
  });
}
