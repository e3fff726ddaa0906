import { button, greeting, p, render, type EmailTotals } from './templates';

// The email about a payment whose answer we waited for (issue 19 item 25): the customer was told we were
// confirming it with the payment provider; when it ends without the money being taken, they are told so,
// and how to pay. (When it ends paid, the order's own confirmation is the answer.)

export function paymentNotTaken({
  to,
  firstName,
  number,
  amount,
  why,
  link,
}: {
  to: string;
  firstName: string;
  number: number;
  /** "£18.99". */
  amount: string;
  /** Our words for why ("Your card has insufficient funds. Please use another card."). */
  why: string;
  link: string;
}) {
  return render({
    to,
    template: 'payment_not_taken',
    subject: `Your payment for order #${number} didn’t go through: you haven’t been charged`,
    preview: `We’ve heard back about your payment of ${amount}.`,
    heading: 'Your payment didn’t go through',
    greeting: greeting(firstName),
    blocks: [
      p(
        `We’ve now heard back from our payment provider about your payment of ${amount} for order #${number}: it didn’t go through, and you haven’t been charged.`,
      ),
      p(why),
      p('Your order is kept for now. You can pay for it with another card or PayPal.'),
      button('Pay for your order', link),
    ],
    reason: 'You’re receiving this because you paid for a Sfoglia order.',
  });
}

// A refund the shop gave on an order (issue 25 part 4): how much, where it went (the card, store credit or
// both) and when the customer will see it, with the reason staff gave. Sent with the refund's transaction.
export function refundGiven({
  to,
  firstName,
  number,
  toCard,
  toCredit,
  total,
  reason,
  link,
}: {
  to: string;
  firstName: string;
  number: number;
  /** "£5.00", or null when nothing went back to the card. */
  toCard: string | null;
  /** "£5.00", or null when nothing was given as store credit. */
  toCredit: string | null;
  /** "£10.00": the whole refund. */
  total: string;
  /** The reason staff gave, in their words. */
  reason: string;
  link: string;
}) {
  const rows: EmailTotals = [];
  if (toCard) rows.push(['Back to your card', toCard]);
  if (toCredit) rows.push(['As Sfoglia store credit', toCredit]);
  rows.push(['Refunded', total, 'total']);
  return render({
    to,
    template: 'order_refund',
    subject: `We’ve refunded ${total} on order #${number}`,
    preview: toCard
      ? `Back to your card: it can take 5 to 10 working days to show.`
      : `As store credit: it’s in your account now.`,
    heading: `A refund of ${total}`,
    greeting: greeting(firstName),
    blocks: [
      p(`We’ve refunded ${total} on your order #${number}.`),
      p(`Reason: ${reason}`),
      { kind: 'totals', rows },
      ...(toCard
        ? [p('The refund to your card is on its way: your bank can take 5 to 10 working days to show it.')]
        : []),
      ...(toCredit
        ? [
            p(
              'The store credit is in your account now and never expires: it comes off your next order at checkout, before your card.',
            ),
          ]
        : []),
      button('See your order', link),
    ],
    reason: 'You’re receiving this because we gave a refund on your Sfoglia order.',
  });
}
