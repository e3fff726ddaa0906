import { DomainError } from '../../../domain/errors';
import { formatPence, pence } from '../../../domain/money';
import { tipProblem } from '../../../domain/tabs';
import type { PartRow, TabRow } from './tabs.repo';

// Why paying a tab's bill is refused, in words that say what to do (tab-bills.service.ts): a tab not open for
// it, a split someone started paying, a tip out of bounds, an amount the card held cannot cover.

export function refuseClosed(tab: TabRow): never {
  if (tab.state === 'opening') {
    throw new DomainError('TAB_CLOSED', 'The tab isn’t open yet: its card is still being held');
  }
  if (tab.state === 'closing') throw new DomainError('TAB_CLOSED', 'This tab is being paid and closed');
  throw new DomainError('TAB_CLOSED', 'This tab is paid and closed');
}

export function refuseStartedParts(parts: readonly PartRow[]): void {
  if (parts.some((part) => part.state !== 'unpaid')) {
    throw new DomainError(
      'PART_UNAVAILABLE',
      'Someone has started paying their part: the split can’t change now',
    );
  }
}

export function checkTip(tip: number, on: number): number {
  const problem = tipProblem(tip, pence(on));
  if (problem) throw new DomainError('TIP_INVALID', problem, { field: 'tip' });
  return tip;
}

export function refuseOverLimit(
  tab: TabRow,
  amount: number,
  what: string,
  advice = 'Choose a smaller tip or raise the limit.',
): void {
  if (amount <= tab.holdLimit) return;
  throw new DomainError(
    'TAB_LIMIT_REACHED',
    `${what} to ${formatPence(amount)}, over the ${formatPence(tab.holdLimit)} held on your card. ${advice}`,
    { needs: amount, limit: tab.holdLimit },
  );
}
