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

/** The emails weekly billing sends (issue 12 parts 2 and 4); the words are the subscriptions area's. */
export type PlanBillingTemplate =
  | 'plan_reminder'
  | 'plan_charged'
  | 'plan_payment_failed'
  | 'plan_not_sent'
  | 'plan_failed'
  | 'plan_restart_reminder';

const BILLING_REASONS: Record<PlanBillingTemplate, string> = {
  plan_reminder:
    'You’re receiving this because your Sfoglia pasta plan charges and sends a box soon. We send one before every box.',
  plan_charged: 'You’re receiving this because your Sfoglia pasta plan charged this week’s box.',
  plan_payment_failed:
    'You’re receiving this because the payment for your Sfoglia pasta plan’s box did not go through.',
  plan_not_sent: 'You’re receiving this because a box of your Sfoglia pasta plan could not be sent.',
  plan_failed: 'You’re receiving this because your Sfoglia pasta plan is on hold.',
  plan_restart_reminder:
    'You’re receiving this because you paused your Sfoglia pasta plan until a set date, and it restarts soon.',
};

/**
 * A billing email: what happened or will happen, the box itself (each dish, the totals, the day and the
 * address) when there is one, and the buttons (pay again, skip, choose) the customer may need.
 */
export function planBillingLetter({
  to,
  firstName,
  template,
  subject,
  heading,
  paragraphs,
  order,
  after = [],
  buttons,
}: {
  to: string;
  firstName: string;
  template: PlanBillingTemplate;
  subject: string;
  heading: string;
  paragraphs: string[];
  order?: EmailOrder;
  /** Paragraphs after the box. */
  after?: string[];
  buttons: { label: string; url: string }[];
}) {
  const blocks: Block[] = [
    ...paragraphs.map(p),
    ...(order ? [{ kind: 'order', order } as Block] : []),
    ...after.map(p),
    ...buttons.map((b) => button(b.label, b.url)),
  ];
  return render({
    to,
    template,
    subject,
    preview: paragraphs[0] ?? heading,
    heading,
    greeting: greeting(firstName),
    blocks,
    reason: BILLING_REASONS[template],
  });
}
