import { button, greeting, p, render, type Block, type EmailOrder } from './templates';

// The emails about a customer's Pasta Plan (issue 12 part 4): a receipt for every change the customer makes
// (skip, unskip, pause, activate, schedule, cancel…), so that what the plan will do is always in writing.

/**
 * A receipt for a change to the plan: what changed, which weeks it affects, what happens next, and a link
 * to the plan. `paragraphs` are the change's own words (from the subscriptions area).
 */
export function planChanged({
  to,
  firstName,
  subject,
  heading,
  paragraphs,
  link,
  linkLabel = 'See your pasta plan',
}: {
  to: string;
  firstName: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  link: string;
  linkLabel?: string;
}) {
  const blocks: Block[] = [...paragraphs.map(p), button(linkLabel, link)];
  return render({
    to,
    template: 'plan_changed',
    subject,
    preview: paragraphs[0] ?? heading,
    heading,
    greeting: greeting(firstName),
    blocks,
    reason: 'You’re receiving this because your Sfoglia pasta plan changed. We send one for every change.',
  });
}

/**
 * An order's invoice (POST /orders/{id}/send_invoice): who bought what, when, for how much and how it was
 * paid. Food to cook at home and its delivery are zero-rated for VAT in the UK, which the invoice says.
 */
export function orderInvoice({
  to,
  firstName,
  order,
  billedTo,
  paidOn,
  paidWith,
  link,
}: {
  to: string;
  firstName: string;
  order: EmailOrder;
  /** The billing address (the delivery address when none was given), one line. */
  billedTo: string;
  /** "25 November 2026". */
  paidOn: string;
  /** "Visa ending 4242, £12.99; store credit, £10.00". */
  paidWith: string;
  link: string;
}) {
  return render({
    to,
    template: 'order_invoice',
    subject: `Your invoice for Sfoglia order #${order.number}`,
    preview: `Invoice ${order.number}, paid ${paidOn}`,
    heading: `Invoice for order #${order.number}`,
    greeting: greeting(firstName),
    blocks: [
      p(`Here is the invoice you asked for.\nInvoice number: ${order.number}\nDate paid: ${paidOn}`),
      p(`Billed to: ${billedTo}`),
      { kind: 'order', order },
      p(`VAT: £0.00. Fresh food to cook at home, and its delivery, are zero-rated in the UK.`),
      p(`Paid with: ${paidWith}`),
      button('See the order', link),
    ],
    reason: 'You’re receiving this because you asked for an invoice for your Sfoglia order.',
  });
}
