import type { Lifecycle } from './lifecycles';
import { formatPence, pence, prorate, sumPence, type Pence } from './money';

// Dine-in's money rules (issue 21): honest tips, a tab's held limit and when a forgotten tab closes, and
// splitting a bill so that every penny is paid by someone and nobody pays a penny twice. Pure: the server
// keeps the tab, these decide.

export const TAB_STATES = ['opening', 'open', 'settling', 'closing', 'closed', 'abandoned'] as const;
export type TabState = (typeof TAB_STATES)[number];

/**
 * A tab's life (decision 28): `opening` while the first round waits for the card to be held; `open` takes
 * rounds; `settling` once the bill is split (no more rounds; back to `open` when the split is cancelled
 * before anyone paid); `closing` once the capture of the holder's card is asked for; `closed` when it is
 * taken. A tab never held is `abandoned`.
 */
export const TAB_LIFECYCLE: Lifecycle<TabState> = {
  name: 'tab',
  states: TAB_STATES,
  moves: {
    opening: ['open', 'abandoned'],
    open: ['settling', 'closing'],
    settling: ['open', 'closing'],
    closing: ['closed'],
    closed: [],
    abandoned: [],
  },
};

/** A tab that still takes rounds. */
export const takesRounds = (state: TabState) => state === 'open';

/** A tab's clock and limits unless the shop sets others (settings `tab_auto_close_hours`, …). */
export const TAB_DEFAULTS = {
  autoCloseHours: 3,
  maxHours: 12,
  limitMax: pence(50_000),
  limitChoices: [pence(5_000), pence(10_000), pence(15_000)],
} as const;

/** The percentages offered as tips, after "No tip"; nothing is ever chosen for the guest. */
export const TIP_PERCENTS = [10, 12.5, 15] as const;

export interface TipChoice {
  /** 0 for "No tip". */
  percent: number;
  amount: Pence;
}

/**
 * The tip choices on `foodAndDrink` (never on a service charge, fee or surcharge): "No tip" first, then each
 * percentage with the amount it adds, rounded to the nearest penny (halves up).
 */
export function tipChoices(foodAndDrink: Pence, percents: readonly number[] = TIP_PERCENTS): TipChoice[] {
  if (foodAndDrink < 0) throw new RangeError('A bill is never below zero');
  return [
    { percent: 0, amount: pence(0) },
    ...percents.map((percent) => ({ percent, amount: tipOf(foodAndDrink, percent) })),
  ];
}

export function tipOf(foodAndDrink: Pence, percent: number): Pence {
  return pence(Math.round((foodAndDrink * percent) / 100));
}

/** The most a tip may be: the food and drink it is on, or £20 on a small bill. */
export function maxTip(foodAndDrink: Pence): Pence {
  return pence(Math.max(foodAndDrink, 2000));
}

/** Why a tip cannot be taken, or null: a whole number of pence, not below zero, not above `maxTip`. */
export function tipProblem(tip: number, foodAndDrink: Pence): string | null {
  if (!Number.isSafeInteger(tip)) return 'A tip is a whole number of pence';
  if (tip < 0) return 'A tip can’t be below zero';
  if (tip > maxTip(foodAndDrink)) {
    return `A tip can be at most ${formatPence(maxTip(foodAndDrink))}: check the amount`;
  }
  return null;
}

/** The limit a tab holds on the card: at least the first round, at most the shop's ceiling. */
export function limitProblem(limit: number, firstRound: Pence, ceiling: Pence): string | null {
  if (!Number.isSafeInteger(limit) || limit <= 0) return 'Choose how much the tab may reach';
  if (limit < firstRound) return 'The limit must cover your first order';
  if (limit > ceiling) return `A tab can hold at most ${formatPence(ceiling)}`;
  return null;
}

/** Whether a new round fits under the held limit; if not, the limit it needs. */
export function roundFits(
  limit: Pence,
  sofar: Pence,
  round: Pence,
): { fits: true } | { fits: false; needs: Pence } {
  const after = sofar + round;
  return after <= limit ? { fits: true } : { fits: false, needs: pence(after) };
}

export interface AutoClose {
  /** The guest's choice: a time (tonight), or a number of hours from opening. */
  at?: Date;
  afterHours?: number;
}

/**
 * When a forgotten tab closes by itself: the guest's time or hours, never later than `maxHours` after it
 * opened and never before it opened; with no choice, `defaultHours` after opening.
 */
export function autoCloseAt(
  openedAt: Date,
  choice: AutoClose,
  { defaultHours, maxHours }: { defaultHours: number; maxHours: number },
): Date {
  const latest = openedAt.getTime() + maxHours * 3_600_000;
  const wanted = choice.at
    ? choice.at.getTime()
    : openedAt.getTime() + (choice.afterHours ?? defaultHours) * 3_600_000;
  return new Date(Math.min(latest, Math.max(openedAt.getTime(), wanted)));
}

// Splitting the bill. A bill is lines (each with who ordered it, and who shares it when a dish is shared)
// and its payers; every way of splitting gives each payer their part, and the parts always add up to the
// bill exactly (largest remainder, ties to the earlier payer: `prorate`).

export interface BillLine {
  id: string;
  total: Pence;
  /** Who ordered it (a payer's id). */
  orderedBy: string;
  /** The payers sharing it, when it is shared; else it is `orderedBy`'s alone. */
  sharedBy?: readonly string[];
}

export type Split =
  | { kind: 'evenly'; payers: readonly string[] }
  | { kind: 'by_items'; payers: readonly string[] }
  | { kind: 'custom'; parts: Readonly<Record<string, number>> };

export type SplitResult = { ok: true; parts: Record<string, Pence> } | { ok: false; reason: string };

/** The even parts of `total` among `n` payers: they differ by at most a penny and add up to `total`. */
export function splitEvenly(total: Pence, n: number): Pence[] {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError('A bill is split between at least one payer');
  // prorate with equal weights, worked out directly: every part gets the whole pence, and the pence left over
  // go one each to the earliest parts. (Apart from prorate so that a screen previewing a split does not
  // carry it: it is money code every page's first JS would then hold.)
  const sign = total < 0 ? -1 : 1;
  const whole = Math.floor(Math.abs(total) / n);
  const left = Math.abs(total) - whole * n;
  return Array.from({ length: n }, (_, i) => pence(sign * (whole + (i < left ? 1 : 0)) + 0));
}

/** Each payer's part of the bill's lines: their own dishes, and their share of each dish they share. */
export function splitByItems(lines: readonly BillLine[], payers: readonly string[]): SplitResult {
  const parts: Record<string, number> = Object.fromEntries(payers.map((payer) => [payer, 0]));
  for (const line of lines) {
    const sharers = line.sharedBy && line.sharedBy.length > 0 ? line.sharedBy : [line.orderedBy];
    const missing = sharers.find((sharer) => !(sharer in parts));
    if (missing !== undefined) return { ok: false, reason: 'Everyone sharing a dish must be paying a part' };
    splitEvenly(line.total, sharers.length).forEach((share, index) => {
      parts[sharers[index]!]! += share;
    });
  }
  return { ok: true, parts: asPence(parts) };
}

/** The parts a split gives for a bill of `total` (the lines' sum plus anything on the whole bill). */
export function splitBill(total: Pence, lines: readonly BillLine[], split: Split): SplitResult {
  switch (split.kind) {
    case 'evenly': {
      if (new Set(split.payers).size !== split.payers.length || split.payers.length === 0) {
        return { ok: false, reason: 'Choose who is paying' };
      }
      const even = splitEvenly(total, split.payers.length);
      return { ok: true, parts: Object.fromEntries(split.payers.map((payer, i) => [payer, even[i]!])) };
    }
    case 'by_items': {
      const byItems = splitByItems(lines, split.payers);
      if (!byItems.ok) return byItems;
      // Anything on the whole bill beyond its lines (nothing today) goes in proportion to each part.
      const itemsTotal = sumPence(Object.values(byItems.parts));
      if (itemsTotal === total) return byItems;
      const payers = Object.keys(byItems.parts);
      const extra = prorate(
        payers.map((payer) => byItems.parts[payer]!),
        total - itemsTotal,
      );
      return {
        ok: true,
        parts: asPence(
          Object.fromEntries(payers.map((payer, i) => [payer, byItems.parts[payer]! + extra[i]!])),
        ),
      };
    }
    case 'custom': {
      const amounts = Object.values(split.parts);
      if (amounts.length === 0) return { ok: false, reason: 'Choose who is paying' };
      if (amounts.some((amount) => !Number.isSafeInteger(amount) || amount < 0)) {
        return { ok: false, reason: 'Each part is a whole number of pence, not below zero' };
      }
      const sum = sumPence(amounts);
      if (sum !== total) {
        const gap = Math.abs(total - sum);
        return {
          ok: false,
          reason: `The parts come to ${formatPence(sum)}, ${formatPence(gap)} ${
            sum < total ? 'short of' : 'more than'
          } the bill of ${formatPence(total)}`,
        };
      }
      return { ok: true, parts: asPence({ ...split.parts }) };
    }
  }
}

function asPence(parts: Record<string, number>): Record<string, Pence> {
  return Object.fromEntries(Object.entries(parts).map(([payer, amount]) => [payer, pence(amount)]));
}
