import type { EmailTotals } from './templates';
import { button, greeting, p, render } from './templates';

// The emails of a table's tab (decision 28): the holder's receipt when it closes (by them, by the staff or by
// the clock, saying which: a forgotten tab is closed for what was ordered, with no tip), and each payer's
// receipt for the part of the bill they paid.

export function tabReceipt({
  to,
  firstName,
  restaurant,
  table,
  closedBy,
  closedAt,
  rounds,
  totals,
  link,
}: {
  to: string;
  firstName: string;
  restaurant: string;
  /** "table 12", or null where the restaurant serves by name. */
  table: string | null;
  closedBy: 'holder' | 'staff' | 'clock';
  /** "11:30pm". */
  closedAt: string;
  /** Every round as a line: "Round 2 (Sam): 2 × Negroni, Tiramisù  £21.00". */
  rounds: string[];
  totals: EmailTotals;
  link: string;
}) {
  const where = table ? `${restaurant}, ${table}` : restaurant;
  const how =
    closedBy === 'clock'
      ? `Your tab at ${where} closed by itself at ${closedAt}, the time you chose when you opened it. We charged what was ordered and added no tip.`
      : closedBy === 'staff'
        ? `The team at ${restaurant} closed your tab at ${closedAt} after you left. We charged what was ordered and added no tip.`
        : `Thank you for eating with us. Your tab at ${where} is paid and closed.`;
  return render({
    to,
    template: 'tab_receipt',
    subject:
      closedBy === 'holder' ? `Your receipt from ${restaurant}` : `Your tab at ${restaurant} was closed`,
    preview: how,
    heading: closedBy === 'holder' ? 'Grazie! Your tab is paid' : 'Your tab was closed',
    greeting: greeting(firstName),
    blocks: [
      p(how),
      ...rounds.map((round) => p(round)),
      { kind: 'totals', rows: totals },
      p('The rest of the amount held on your card is released: your bank shows it back within a few days.'),
      button('See your tab', link),
    ],
    signOff: 'A presto,',
    reason: 'You’re receiving this because you opened a tab at a Sfoglia restaurant.',
  });
}

export function tabShareReceipt({
  to,
  firstName,
  restaurant,
  part,
  totals,
  link,
}: {
  to: string;
  firstName: string;
  restaurant: string;
  /** "Sam", "Share 2 of 3". */
  part: string;
  totals: EmailTotals;
  link: string;
}) {
  return render({
    to,
    template: 'tab_share_receipt',
    subject: `Your receipt from ${restaurant}`,
    preview: `You paid your part of the bill (${part}).`,
    heading: 'Grazie! Your part is paid',
    greeting: greeting(firstName),
    blocks: [
      p(`You paid your part of the bill at ${restaurant} (${part}).`),
      { kind: 'totals', rows: totals },
      button('See the bill', link),
    ],
    signOff: 'A presto,',
    reason: 'You’re receiving this because you paid part of a bill at a Sfoglia restaurant.',
  });
}
