import type { EventChangeQuote, QuoteExpectation } from '../../../contracts/events';
import { relativeDeadlineLabel } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { daysBeforeInstant, type RefundScale } from '../../../domain/events';
import { formatPence } from '../../../domain/money';

// The quote shown is the one applied (decision 29): a change confirmed with the figures its customer was
// quoted (`expect`) is refused with QUOTE_CHANGED when, decided again under the booking's locks, it would give
// back or cost something else (a step of the refund scale ended meanwhile, the booking changed). Nothing
// changes; the message says what the change would do now, to be checked and confirmed again.

const DAY_MS = 24 * 3_600_000;

/** Throws QUOTE_CHANGED when `quote` (decided now) is not what the customer was shown. */
export function assertQuoteKept(
  expected: QuoteExpectation | undefined,
  quote: EventChangeQuote,
  { startsAt, scale, now }: { startsAt: Date; scale: RefundScale; now: Date },
): void {
  if (!expected) return;
  if (
    expected.refundAmount === quote.refund.amount &&
    expected.refundAs === quote.refund.as &&
    expected.toPay === quote.toPay
  )
    return;
  throw new DomainError(
    'QUOTE_CHANGED',
    `${whyChanged(startsAt, scale, now)}: this now ${outcome(quote)}. Check and confirm again.`,
  );
}

/** "The refund rules moved on at 7pm today" when a step ended in the last day; otherwise the booking changed. */
function whyChanged(startsAt: Date, scale: RefundScale, now: Date): string {
  const ended = scale.steps
    .map((step) => daysBeforeInstant(startsAt, step.daysBefore))
    .filter((end) => end.getTime() <= now.getTime() && now.getTime() - end.getTime() < DAY_MS)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  if (!ended) return 'Your booking has changed since this was worked out';
  const when = relativeDeadlineLabel(ended, now);
  return `The refund rules moved on ${when.endsWith('today') ? 'at' : 'on'} ${when}`;
}

/** "gives £270.00 as store credit", "costs £40.00", "gives nothing back". */
function outcome(quote: EventChangeQuote): string {
  const parts: string[] = [];
  if (quote.toPay > 0) parts.push(`costs ${formatPence(quote.toPay)}`);
  if (quote.refund.amount > 0) parts.push(`gives ${quote.refund.label}`);
  return parts.length > 0 ? parts.join(' and ') : 'gives nothing back';
}
