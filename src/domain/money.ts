import { formatCount } from './numbers';

// Money is integer pence everywhere (architecture decision 3). `Pence` is a branded integer so that a
// pound amount or a float cannot be passed where pence are expected without an explicit conversion.
export type Pence = number & { readonly __brand: 'Pence' };

export function pence(value: number): Pence {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Pence must be a safe integer, got ${value}`);
  return value as Pence;
}

export const ZERO = pence(0);

// Pounds are written here rather than by Intl.NumberFormat: a browser's first Intl call loads its locale
// data, 30–80 ms in one task of a phone's first load (issue 24). Whole pence are written as en-GB's
// currency format writes them (property-tested against it); anything else (a fraction of a penny) is
// left to Intl, made when first needed.
let intl: { gbp: Intl.NumberFormat; whole: Intl.NumberFormat } | null = null;
const formats = () =>
  (intl ??= {
    gbp: new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }),
    whole: new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 }),
  });

/** `199` → `£1.99`; negative amounts read `-£1.99`. The one place pence become text. */
export function formatPence(amount: Pence | number): string {
  // `+ 0` turns negative zero (e.g. -199 × 0) into zero, which Intl would print as "-£0.00".
  if (!Number.isSafeInteger(amount)) return formats().gbp.format(amount / 100 + 0);
  const abs = Math.abs(amount);
  const pennies = abs % 100;
  return `${amount < 0 ? '-' : ''}£${formatCount((abs - pennies) / 100)}.${pennies < 10 ? '0' : ''}${pennies}`;
}

/** Whole pounds drop the pence (`£10`), anything else keeps them (`£10.50`): for short marketing copy. */
export function formatPenceShort(amount: Pence | number): string {
  if (amount % 100 !== 0) return formatPence(amount);
  if (!Number.isSafeInteger(amount)) return formats().whole.format(amount / 100 + 0);
  return `${amount < 0 ? '-' : ''}£${formatCount(Math.abs(amount) / 100)}`;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Parses a decimal money string such as Shopify's `MoneyV2.amount` ("7.5", "12.00") into pence without
 * going through a float. More than two decimal places is refused rather than rounded.
 */
export function parseDecimalToPence(amount: string): Pence {
  const match = DECIMAL.exec(amount.trim());
  if (!match) throw new RangeError(`Not a money amount: "${amount}"`);
  const [, minus, whole = '0', fraction = ''] = match;
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return pence(minus && value !== 0 ? -value : value);
}

/** `750` → `"7.50"`, the decimal string form used by the storefront API. */
export function penceToDecimal(amount: Pence | number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function sumPence(amounts: Iterable<Pence | number>): Pence {
  let total = 0;
  for (const amount of amounts) total += amount;
  return pence(total);
}

export function multiplyPence(amount: Pence | number, quantity: number): Pence {
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`Quantity must be an integer, got ${quantity}`);
  return pence(amount * quantity);
}

/**
 * Splits `total` across lines in proportion to their weights, to the penny: the parts always sum to
 * `total` exactly. Largest-remainder method, ties going to the earlier line (Vendure's `prorate`).
 */
export function prorate(weights: readonly (Pence | number)[], total: Pence | number): Pence[] {
  if (weights.length === 0) return [];
  const weightSum = weights.reduce<number>((sum, w) => sum + w, 0);
  if (weights.some((w) => w < 0)) throw new RangeError('Weights must not be negative');
  if (weightSum === 0) {
    // Nothing to weigh by: share equally.
    return prorate(
      weights.map(() => 1),
      total,
    );
  }
  const sign = total < 0 ? -1 : 1;
  const absTotal = Math.abs(total);
  const exact = weights.map((w) => (absTotal * w) / weightSum);
  const floors = exact.map(Math.floor);
  let remainder = absTotal - floors.reduce((s, f) => s + f, 0);
  // Compare remainders as integers (numerators over the same `weightSum`): float fractions such as
  // 4/3 − 1 and 1/3 differ in the last bit and would break the tie-to-the-earlier-line rule.
  const order = weights
    .map((w, index) => ({ index, rest: (absTotal * w) % weightSum }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (remainder <= 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    remainder -= 1;
  }
  return floors.map((f) => pence(sign * f + 0));
}
