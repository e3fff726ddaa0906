import type { SplitBody } from '../../../contracts/dine-in';
import { DomainError } from '../../../domain/errors';
import { formatPence, pence } from '../../../domain/money';
import type { OrderState } from '../../../domain/orders';
import { splitBill, splitEvenly, type BillLine } from '../../../domain/tabs';
import type { PartLine } from '../../db/schema/dine-in';
import { OFF_BILL, foodTotalOf, type TabParts } from './tab-view';
import type { PartRow } from './tabs.repo';

// The parts a split makes of a tab's bill (decision 28), by the domain's `splitBill`, so that the parts always
// add up to the bill: evenly among N; by items, each round's dishes to the part of whoever added it unless
// moved, and a dish shared N ways split among those N parts; or amounts the table chose, which must add up.
// The first part is always the holder's: it is taken from the hold, last.

type NewPart = Omit<PartRow, 'id' | 'tabId' | 'checkoutId' | 'paidBy' | 'paidAt'>;

/** The smallest part a card can pay (spec §5: a card is charged 30p or more). */
const SMALLEST_PART = 30;

const FRACTIONS: Record<number, string> = { 2: '½', 3: '⅓', 4: '¼', 5: '⅕', 6: '⅙', 8: '⅛' };
const fraction = (n: number) => (n === 1 ? '1' : (FRACTIONS[n] ?? `1/${n}`));

export function splitParts(read: TabParts, split: SplitBody['split']): NewPart[] {
  const total = foodTotalOf(read);
  if (total <= 0) throw new DomainError('SPLIT_INVALID', 'There is nothing on the bill to split yet');
  const holderName = read.members.find((member) => member.customerId === read.tab.holderId)?.name ?? 'Host';
  const made = (() => {
    switch (split.kind) {
      case 'evenly':
        return evenParts(total, split.parts, holderName, read.tab.holderId);
      case 'custom':
        return customParts(total, split.parts, read);
      case 'by_items':
        return itemParts(total, split, read);
    }
  })();
  const tooSmall = made.find((part, index) => index > 0 && part.amount < SMALLEST_PART);
  if (tooSmall) {
    throw new DomainError(
      'SPLIT_INVALID',
      tooSmall.amount === 0
        ? `${tooSmall.label} has nothing to pay: leave them out of the split`
        : `Each part must be at least ${formatPence(SMALLEST_PART)}: ${tooSmall.label}’s is ${formatPence(tooSmall.amount)}`,
    );
  }
  return made;
}

function evenParts(total: number, n: number, holderName: string, holderId: string): NewPart[] {
  return splitEvenly(pence(total), n).map((amount, index) => ({
    position: index + 1,
    label: index === 0 ? holderName : `Share ${index + 1} of ${n}`,
    memberId: index === 0 ? holderId : null,
    amount,
    lines: [],
    state: 'unpaid',
    tip: 0,
  }));
}

function customParts(
  total: number,
  parts: Extract<SplitBody['split'], { kind: 'custom' }>['parts'],
  read: TabParts,
): NewPart[] {
  const named = checkedParts(parts, read);
  const result = splitBill(pence(total), [], {
    kind: 'custom',
    parts: Object.fromEntries(parts.map((part, index) => [`p${index}`, part.amount])),
  });
  if (!result.ok) throw new DomainError('SPLIT_INVALID', result.reason);
  return named.map((part, index) => ({ ...part, amount: result.parts[`p${index}`]!, lines: [] }));
}

function itemParts(
  total: number,
  split: Extract<SplitBody['split'], { kind: 'by_items' }>,
  read: TabParts,
): NewPart[] {
  const named = checkedParts(split.parts, read);
  const payers = named.map((_, index) => `p${index}`);
  const partOfMember = new Map(
    named.flatMap((part, index) => (part.memberId ? [[part.memberId, index]] : [])),
  );
  const onBill = billLines(read);
  const byId = new Map(onBill.map((line) => [line.id, line]));
  const owner = new Map(onBill.map((line) => [line.id, partOfMember.get(line.addedBy) ?? 0]));
  const shared = new Map<string, number[]>();
  const checkIndex = (index: number) => {
    if (index >= named.length) throw new DomainError('SPLIT_INVALID', 'That part is not in the split');
    return index;
  };
  const checkLine = (lineId: string) => {
    if (!byId.has(lineId)) throw new DomainError('SPLIT_INVALID', 'That dish is not on the bill');
    return lineId;
  };
  for (const { lineId, part } of split.assign ?? []) owner.set(checkLine(lineId), checkIndex(part));
  for (const { lineId, parts } of split.shared ?? []) {
    checkLine(lineId);
    if (shared.has(lineId))
      throw new DomainError('SPLIT_INVALID', 'A dish is shared once: choose who shares it');
    if (new Set(parts).size !== parts.length) {
      throw new DomainError('SPLIT_INVALID', 'Choose each person sharing a dish once');
    }
    shared.set(lineId, parts.map(checkIndex));
  }
  const lines: BillLine[] = onBill.map((line) => ({
    id: line.id,
    total: pence(line.total),
    orderedBy: `p${owner.get(line.id)!}`,
    ...(shared.has(line.id) ? { sharedBy: shared.get(line.id)!.map((index) => `p${index}`) } : {}),
  }));
  const result = splitBill(pence(total), lines, { kind: 'by_items', payers });
  if (!result.ok) throw new DomainError('SPLIT_INVALID', result.reason);
  // Each part's lines, with the same shares `splitBill` gave (a shared dish split evenly, in sharers' order).
  const partLines: PartLine[][] = named.map(() => []);
  for (const line of lines) {
    const source = byId.get(line.id)!;
    const title = source.quantity > 1 ? `${source.quantity} × ${source.title}` : source.title;
    const sharers = line.sharedBy ?? [line.orderedBy];
    splitEvenly(line.total, sharers.length).forEach((amount, at) => {
      partLines[Number(sharers[at]!.slice(1))]!.push({ title, share: fraction(sharers.length), amount });
    });
  }
  return named.map((part, index) => ({
    ...part,
    amount: result.parts[`p${index}`]!,
    lines: partLines[index]!,
  }));
}

/** The parts as named: the first is the holder's; a member named must be on the tab, once. */
function checkedParts(
  parts: readonly { label: string; memberId?: string | undefined }[],
  read: TabParts,
): Omit<NewPart, 'amount' | 'lines'>[] {
  const members = new Set(read.members.map((member) => member.customerId));
  const seen = new Set<string>();
  return parts.map((part, index) => {
    const memberId = index === 0 ? read.tab.holderId : (part.memberId ?? null);
    if (memberId && index > 0) {
      if (!members.has(memberId)) throw new DomainError('SPLIT_INVALID', `${part.label} isn’t on this tab`);
      if (memberId === read.tab.holderId || seen.has(memberId)) {
        throw new DomainError('SPLIT_INVALID', 'Each person has one part of the bill');
      }
      seen.add(memberId);
    }
    return { position: index + 1, label: part.label, memberId, state: 'unpaid' as const, tip: 0 };
  });
}

/** The bill's lines: every line of every round not turned down, with who added its round. */
function billLines(read: TabParts) {
  return read.rounds.flatMap((round) => {
    const record = read.records.get(round.orderId);
    if (!record || OFF_BILL.includes(record.order.state as OrderState)) return [];
    return record.lines.map((line) => ({
      id: line.id,
      title: line.title,
      quantity: line.quantity,
      total: line.total,
      addedBy: round.addedBy,
    }));
  });
}
