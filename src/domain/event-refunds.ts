import { refundLabel } from './events';
import { formatPence } from './money';

// What a change to an event booking gives back, in its two parts (decision 29): on a card step, what the
// booking's payments took on a card or PayPal goes back there and the rest (store credit spent on it) comes
// back as store credit; on a credit step all of it is store credit. Said, recorded and emailed as both parts.

export interface RefundParts {
  /** Pence back to the card or PayPal. */
  card: number;
  /** Pence as store credit. */
  credit: number;
}

/**
 * A refund decided under the scale, split as it will be given: a card step sends to cards what they can
 * still take back (`cardRoom`), the rest as credit.
 */
export function splitRefund(
  refund: { amount: number; as: 'card' | 'credit' | 'none' },
  cardRoom: number,
): RefundParts {
  if (refund.as === 'none' || refund.amount <= 0) return { card: 0, credit: 0 };
  if (refund.as === 'credit') return { card: 0, credit: refund.amount };
  const card = Math.max(0, Math.min(refund.amount, cardRoom));
  return { card, credit: refund.amount - card };
}

/** How the parts are named as one refund: any part to the card names it `card`. */
export function refundOfParts(parts: RefundParts): {
  amount: number;
  as: 'card' | 'credit' | 'none';
  label: string;
} {
  const amount = parts.card + parts.credit;
  const as = parts.card > 0 ? 'card' : parts.credit > 0 ? 'credit' : 'none';
  return { amount, as, label: refundPartsLabel(parts) };
}

/** "£40.00 back to your card and £10.00 as store credit"; one part alone as `refundLabel` says it. */
export function refundPartsLabel(parts: RefundParts): string {
  if (parts.card > 0 && parts.credit > 0)
    return `${formatPence(parts.card)} back to your card and ${formatPence(parts.credit)} as store credit`;
  return parts.card > 0
    ? refundLabel({ amount: parts.card, as: 'card' })
    : refundLabel({ amount: parts.credit, as: parts.credit > 0 ? 'credit' : 'none' });
}
