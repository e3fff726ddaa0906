import type { SplitBody, Tab } from '../../../contracts/dine-in';
import type { TakeawayBasket } from '../../../contracts/takeaway';
import { addDays, londonClock, londonInstant, timeLabel } from '../../../domain/calendar';
import { formatPence, pence, sumPence } from '../../../domain/money';
import { limitProblem, splitByItems, type BillLine } from '../../../domain/tabs';

// Dine-in's screens as rules (issue 21): money typed by a guest, the limits and closing times a tab offers,
// a tip chosen (never for the guest), and the three ways to split a bill, checked live before they are sent.
// Pure: the screens show what these decide; the server decides again.

/** "12", "12.5", "£12.50" → 1250; anything else (negative, more than two decimals, not a number) → null. */
export function poundsToPence(text: string): number | null {
  const match = /^£?\s*(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 1250 → "12.50", for a field that shows an amount already chosen. */
export function penceToPounds(amount: number): string {
  return (amount / 100).toFixed(2);
}

// ---- The tip ---------------------------------------------------------------------------------------------

/** What the guest chose: one of the offered choices (its index, "No tip" is 0) or an amount of their own. */
export type TipPick = { kind: 'choice'; index: number } | { kind: 'other'; text: string };

export interface TipOutcome {
  /** The tip in pence, or null while nothing (valid) is chosen: paying waits for it. */
  tip: number | null;
  /** What is wrong with the amount typed, in words that say what to do. */
  problem: string | null;
}

/** The tip a pick comes to, against the choices offered and the most a tip may be. */
export function tipOf(
  pick: TipPick | null,
  choices: readonly { amount: number }[],
  maxTip: number,
): TipOutcome {
  if (!pick) return { tip: null, problem: null };
  if (pick.kind === 'choice') return { tip: choices[pick.index]?.amount ?? null, problem: null };
  if (pick.text.trim() === '') return { tip: null, problem: 'Enter the tip you’d like to add, like 3.50' };
  const amount = poundsToPence(pick.text);
  if (amount === null) return { tip: null, problem: 'Enter the tip in pounds and pence, like 3.50' };
  if (amount > maxTip) {
    return { tip: null, problem: `A tip can be at most ${formatPence(maxTip)}: check the amount` };
  }
  return { tip: amount, problem: null };
}

// ---- Opening a tab ---------------------------------------------------------------------------------------

/** The limits offered first: those that cover the first round (or what the tab needs) and are allowed. */
export function limitChoices(choices: readonly number[], atLeast: number, ceiling: number): number[] {
  return [...new Set(choices)].filter((limit) => limit >= atLeast && limit <= ceiling).sort((a, b) => a - b);
}

/** What is wrong with a limit typed, or null (domain/tabs.ts's rule, with the words for the field). */
export function limitText(
  text: string,
  atLeast: number,
  ceiling: number,
): { limit: number | null; problem: string | null } {
  if (text.trim() === '') return { limit: null, problem: 'Enter the most the tab may reach, like 80' };
  const amount = poundsToPence(text);
  if (amount === null) return { limit: null, problem: 'Enter the limit in pounds, like 80' };
  if (amount < atLeast) {
    return {
      limit: null,
      problem: `The limit must be at least ${formatPence(atLeast)}, to cover what’s ordered`,
    };
  }
  const problem = limitProblem(amount, pence(atLeast), pence(ceiling));
  return problem ? { limit: null, problem } : { limit: amount, problem: null };
}

/** The last time a tab may close "tonight": 2am (after which it is tomorrow's tab). */
const LATEST_TONIGHT_HOUR = 2;
const HALF_HOUR = 30 * 60_000;

/**
 * The times tonight a tab may close by itself: every half hour from half an hour after `now`, until 2am
 * or `maxHours` after now, whichever is sooner (London time). ISO instants with their labels ("10:30pm").
 */
export function closingTimes(now: Date, maxHours: number): { at: string; label: string }[] {
  const { date, hours } = londonClock(now);
  const latestTonight =
    hours < LATEST_TONIGHT_HOUR
      ? londonInstant(date, LATEST_TONIGHT_HOUR)
      : londonInstant(addDays(date, 1), LATEST_TONIGHT_HOUR);
  const latest = Math.min(latestTonight.getTime(), now.getTime() + maxHours * 3_600_000);
  // The first half hour at least 30 minutes away (London's offsets are whole hours: its half hours are UTC's).
  const start = Math.ceil((now.getTime() + HALF_HOUR) / HALF_HOUR) * HALF_HOUR;
  const times: { at: string; label: string }[] = [];
  for (let at = start; at <= latest; at += HALF_HOUR) {
    const instant = new Date(at);
    times.push({ at: instant.toISOString(), label: timeLabel(instant) });
  }
  return times;
}

// ---- The bill --------------------------------------------------------------------------------------------

/** How full the tab is: the share of the limit its rounds take, 0–100. */
export function limitUsed(foodTotal: number, limit: number): number {
  if (limit <= 0) return 100;
  return Math.min(100, Math.round((foodTotal / limit) * 100));
}

/** Someone paying a part: a member of the tab, or a person added at the table (no account: a friend). */
export interface Payer {
  key: string;
  label: string;
  memberId: string | null;
}

/** Everyone on the tab, whoever opened it first: the parts a split starts with. */
export function membersAsPayers(tab: Pick<Tab, 'members'>): Payer[] {
  return [...tab.members]
    .sort((a, b) => Number(b.isHolder) - Number(a.isHolder))
    .map((member) => ({ key: member.id, label: member.name, memberId: member.id }));
}

export interface SplitLine {
  id: string;
  title: string;
  quantity: number;
  total: number;
  round: number;
  addedBy: string;
}

/** Every dish on the bill (rounds the kitchen turned down are not). */
export function billLines(tab: Pick<Tab, 'rounds'>): SplitLine[] {
  return tab.rounds
    .filter((round) => !round.offBill)
    .flatMap((round) =>
      round.lines.map((line) => ({
        id: line.id,
        title: line.title,
        quantity: line.quantity,
        total: line.total,
        round: round.number,
        addedBy: round.addedBy,
      })),
    );
}

/** Who pays each dish: by line id, the payers' keys (one: theirs; several: shared equally). */
export type LineOwners = Record<string, string[]>;

/** Each round's dishes go to whoever added it (matched by name), else to whoever opened the tab. */
export function defaultOwners(lines: readonly SplitLine[], payers: readonly Payer[]): LineOwners {
  const first = payers[0]?.key;
  return Object.fromEntries(
    lines.map((line) => {
      const adder = payers.find((payer) => payer.memberId && payer.label === line.addedBy);
      return [line.id, adder ? [adder.key] : first ? [first] : []];
    }),
  );
}

export type ByItemsPreview = { ok: true; amounts: Record<string, number> } | { ok: false; problem: string };

/** What each payer's part comes to, split by items (a shared dish split equally, to the penny). */
export function previewByItems(
  lines: readonly SplitLine[],
  payers: readonly Payer[],
  owners: LineOwners,
): ByItemsPreview {
  const keys = payers.map((payer) => payer.key);
  const orphan = lines.find((line) => !(owners[line.id] ?? []).some((key) => keys.includes(key)));
  if (orphan) return { ok: false, problem: `Choose who pays for the ${orphan.title}` };
  const bill: BillLine[] = lines.map((line) => {
    const sharers = (owners[line.id] ?? []).filter((key) => keys.includes(key));
    return { id: line.id, total: pence(line.total), orderedBy: sharers[0]!, sharedBy: sharers };
  });
  const result = splitByItems(bill, keys);
  return result.ok ? { ok: true, amounts: result.parts } : { ok: false, problem: result.reason };
}

/**
 * POST /orders/open_tab/split's body for a split by items: every dish is given to its payer (`assign`) or
 * shared among several (`shared`), by their parts' positions.
 */
export function byItemsBody(
  tabId: string,
  lines: readonly SplitLine[],
  payers: readonly Payer[],
  owners: LineOwners,
): SplitBody {
  const index = new Map(payers.map((payer, i) => [payer.key, i]));
  const assign: { lineId: string; part: number }[] = [];
  const shared: { lineId: string; parts: number[] }[] = [];
  for (const line of lines) {
    const parts = (owners[line.id] ?? []).flatMap((key) => (index.has(key) ? [index.get(key)!] : []));
    if (parts.length === 1) assign.push({ lineId: line.id, part: parts[0]! });
    else if (parts.length > 1) shared.push({ lineId: line.id, parts: [...parts].sort((a, b) => a - b) });
  }
  return {
    tabId,
    split: {
      kind: 'by_items',
      parts: payers.map((payer) => ({
        label: payer.label,
        ...(payer.memberId ? { memberId: payer.memberId } : {}),
      })),
      ...(assign.length > 0 ? { assign } : {}),
      ...(shared.length > 0 ? { shared } : {}),
    },
  };
}

export interface CustomCheck {
  /** The amounts typed, in pence (null where one is missing or not an amount). */
  amounts: (number | null)[];
  sum: number;
  /** Ready to send: every amount typed, and they add up to the bill exactly. */
  ok: boolean;
  /** Said live beside the amounts: how far off they are, or that they add up. */
  message: string;
}

/** Custom amounts checked against the bill as they are typed: they must add up to it exactly. */
export function checkCustomAmounts(texts: readonly string[], bill: number): CustomCheck {
  const amounts = texts.map((text) => (text.trim() === '' ? null : poundsToPence(text)));
  const sum = sumPence(amounts.map((amount) => amount ?? 0));
  const missing = amounts.filter((amount) => amount === null).length;
  const of = `the bill of ${formatPence(bill)}`;
  if (missing > 0) {
    const wrong = texts.some((text, i) => text.trim() !== '' && amounts[i] === null);
    return {
      amounts,
      sum,
      ok: false,
      message: wrong
        ? 'Enter each amount in pounds and pence, like 12.50'
        : `${formatPence(sum)} so far: enter an amount for everyone (${formatPence(bill - sum)} left of ${of})`,
    };
  }
  if (sum === bill) return { amounts, sum, ok: true, message: `Adds up to ${of}` };
  const gap = formatPence(Math.abs(bill - sum));
  return {
    amounts,
    sum,
    ok: false,
    message:
      sum < bill
        ? `${formatPence(sum)}: ${gap} short of ${of}`
        : `${formatPence(sum)}: ${gap} more than ${of}`,
  };
}

/** POST /orders/open_tab/split's body for custom amounts (checked first with `checkCustomAmounts`). */
export function customBody(tabId: string, payers: readonly Payer[], amounts: readonly number[]): SplitBody {
  return {
    tabId,
    split: {
      kind: 'custom',
      parts: payers.map((payer, i) => ({
        label: payer.label,
        amount: amounts[i] ?? 0,
        ...(payer.memberId ? { memberId: payer.memberId } : {}),
      })),
    },
  };
}

/** "⅓ of Tiramisù", "Cacio e Pepe": a part's line as the bill shows it. */
export function partLineText(line: { title: string; share: string }): string {
  return line.share === '1' ? line.title : `${line.share} of ${line.title}`;
}

// ---- The checkout's guards (spec §2 Dine-in checkout, Guards) ---------------------------------------------

export type DineInStep = 'summary' | 'tipping' | 'payment' | 'add-to-order';

/** Why a basket can't be ordered at a table yet (said on the way back to the menu), or null. */
type TableBasket = Pick<
  TakeawayBasket,
  'restaurantId' | 'fulfillmentType' | 'items' | 'valid' | 'problems' | 'isOpenTab'
>;

export function tableBasketProblem(basket: TableBasket | null): string | null {
  if (!basket?.restaurantId || basket.fulfillmentType !== 'eat_in') {
    return 'Scan the QR code on your table to see its menu and order.';
  }
  if (basket.items.length === 0) return 'Your basket is empty. Add a dish to order.';
  if (!basket.valid)
    return basket.problems[0]?.detail ?? 'Your basket can’t be ordered yet. Please check it.';
  return null;
}

export type DineInDetour =
  { to: 'menu'; reason: string } | { to: 'continue' | 'tipping' | 'summary'; reason: string | null };

/**
 * Which step a visit stays on, or where it goes instead: a basket that can't be ordered goes back to the
 * table's menu; paying needs someone at the table (an account or a guest: else the continue step, and back);
 * opening a tab needs the basket to be for one (else tipping, spec §2 Guards); adding a round needs a tab
 * open.
 */
export function dineInStepDecision(visit: {
  step: DineInStep;
  basket: TableBasket | null;
  hasDiner: boolean;
  hasOpenTab: boolean;
}): DineInDetour | null {
  const problem = tableBasketProblem(visit.basket);
  if (problem) return { to: 'menu', reason: problem };
  if (visit.step === 'summary') return null;
  if (!visit.hasDiner) return { to: 'continue', reason: null };
  if (visit.step === 'payment' && !visit.basket?.isOpenTab) return { to: 'tipping', reason: null };
  if (visit.step === 'add-to-order' && !visit.hasOpenTab) {
    return { to: 'summary', reason: 'Your tab is closed: pay for this order now, or start a new tab.' };
  }
  return null;
}
