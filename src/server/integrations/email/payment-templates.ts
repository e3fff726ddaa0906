import { button, greeting, p, render } from './templates';

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
