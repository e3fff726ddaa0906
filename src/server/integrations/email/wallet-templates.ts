import { button, greeting, p, render, type EmailTotals } from './templates';

// One wallet (issue 23 part 4, decision 30): two weeks before store credit expires, one email listing each
// lot that is about to go, its date and the total, with a way to spend it. Once per lot (the job stamps it).

/** One lot about to expire, as the email lists it. */
export interface ExpiringCredit {
  /** "Credit code CREDIT-5" (what added it). */
  what: string;
  /** "£5.00". */
  amount: string;
  /** "Saturday 12 December 2026": the last day it can be spent. */
  lastDay: string;
}

export function creditExpiring({
  to,
  firstName,
  lots,
  total,
  menuUrl,
  walletUrl,
}: {
  to: string;
  firstName: string;
  /** Soonest first. */
  lots: readonly ExpiringCredit[];
  /** "£8.00". */
  total: string;
  menuUrl: string;
  walletUrl: string;
}) {
  const first = lots[0]!;
  const one = lots.length === 1;
  const rows: EmailTotals = lots.map((lot) => [`${lot.what}, use by ${lot.lastDay}`, lot.amount, 'credit']);
  rows.push([one ? 'Expiring' : 'Expiring in total', total, 'total']);
  return render({
    to,
    template: 'credit_expiring',
    subject: one
      ? `Your ${total} of Sfoglia credit expires on ${first.lastDay}`
      : `${total} of your Sfoglia credit expires soon`,
    preview: `Use it by ${first.lastDay}: it comes off your next order before your card.`,
    heading: 'Your credit expires soon',
    greeting: greeting(firstName),
    blocks: [
      p(
        one
          ? `You have ${total} of store credit that expires at the end of ${first.lastDay}.`
          : `You have ${total} of store credit that expires soon. Here is what, and the last day you can use each:`,
      ),
      { kind: 'totals', rows },
      p('Your credit comes off your next order at checkout, before your card: nothing to enter.'),
      button('Choose from this week’s menu', menuUrl),
      p('Your account shows all your credit, where it came from and when each part expires.'),
      button('See your credit', walletUrl),
    ],
    signOff: 'Buon appetito,',
    reason: 'You’re receiving this because you have store credit at Sfoglia that is about to expire.',
  });
}
