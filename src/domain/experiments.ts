// Experiments (issue 23 part 6, decision 30): an experiment has variants with weights; a visitor is put in one
// by a hash of their visitor id and the experiment's id, so the same visitor sees the same variant on every
// visit without anything stored. Once a customer's assignment is recorded it wins (the same variant on
// another device, and after signing in). Pure rules.

export interface Variant {
  id: string;
  /** A whole number; the split is each weight over the sum. 0 takes nobody. */
  weight: number;
}

/** FNV-1a, 32 bits: stable across processes and releases (unlike a language's own hash). */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The visitor's bucket in an experiment, 0 … 9,999. */
export function bucketOf(visitorId: string, experimentId: string): number {
  return fnv1a(`${experimentId}:${visitorId}`) % 10_000;
}

/**
 * The variant a bucket falls in: the weights laid end to end over 0 … 9,999. Null when no variant has
 * weight (the experiment takes nobody).
 */
export function variantForBucket<V extends Variant>(variants: readonly V[], bucket: number): V | null {
  const total = variants.reduce((sum, variant) => sum + Math.max(0, variant.weight), 0);
  if (total <= 0) return null;
  const point = (bucket * total) / 10_000;
  let edge = 0;
  for (const variant of variants) {
    if (variant.weight <= 0) continue;
    edge += variant.weight;
    if (point < edge) return variant;
  }
  return variants.filter((variant) => variant.weight > 0).at(-1) ?? null;
}

export function assignVariant<V extends Variant>(
  variants: readonly V[],
  visitorId: string,
  experimentId: string,
): V | null {
  return variantForBucket(variants, bucketOf(visitorId, experimentId));
}

/** A visitor id as the browser keeps it: 16–64 letters, digits, `-` or `_`. */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export function isVisitorId(value: unknown): value is string {
  return typeof value === 'string' && VISITOR_ID_PATTERN.test(value);
}

/**
 * The A/B flag every analytics event carries: each running experiment and its variant, sorted by experiment,
 * "banner-copy:b,checkout-cta:a"; "none" when the visitor is in none.
 */
export function abFlag(assignments: readonly { experimentId: string; variantId: string }[]): string {
  if (assignments.length === 0) return 'none';
  return [...assignments]
    .sort((a, b) => (a.experimentId < b.experimentId ? -1 : a.experimentId > b.experimentId ? 1 : 0))
    .map((a) => `${a.experimentId}:${a.variantId}`)
    .join(',');
}

/**
 * Spec §3 Marketing banner `customerType`, and the new-or-existing flag every analytics event carries: a
 * visitor, or a customer who has never had an order paid, is new; one who has (a recipe kit, a plan's box, a
 * takeaway) is existing. The one rule the offers, the banners and the analytics share.
 */
export function customerTypeOf(
  flags: { hasShopifyOrders: boolean; hasSubscriptionOrders: boolean; hasTakeawayOrders: boolean } | null,
): 'new' | 'existing' {
  return flags && (flags.hasShopifyOrders || flags.hasSubscriptionOrders || flags.hasTakeawayOrders)
    ? 'existing'
    : 'new';
}

/** What a banner experiment's variant says instead of the banner's own words. */
export interface BannerWords {
  bannerId: string;
  text: string;
  mobileText: string | null;
}

/**
 * A variant's payload as banner words: `{ bannerId, text, mobileText? }`. Null when the payload changes no
 * banner (a control variant's `{}`, or another kind of experiment).
 */
export function bannerWordsOf(payload: Readonly<Record<string, unknown>>): BannerWords | null {
  const { bannerId, text, mobileText } = payload;
  if ((typeof bannerId !== 'string' && typeof bannerId !== 'number') || typeof text !== 'string') return null;
  if (text.trim() === '') return null;
  return {
    bannerId: String(bannerId),
    text,
    mobileText: typeof mobileText === 'string' && mobileText.trim() !== '' ? mobileText : null,
  };
}

/**
 * The banners as this visitor sees them: each banner a variant names says the variant's words (its mobile
 * words too: the variant's, or none, so the banner's own short text never contradicts the new one); every
 * other banner, and everything else about a banner, is left as it is.
 */
export function withBannerVariants<
  B extends { id: string | number; text: string; mobileText: string | null },
>(banners: readonly B[], assignments: readonly { payload: Readonly<Record<string, unknown>> }[]): B[] {
  const words = new Map<string, BannerWords>();
  for (const assignment of assignments) {
    const found = bannerWordsOf(assignment.payload);
    if (found && !words.has(found.bannerId)) words.set(found.bannerId, found);
  }
  if (words.size === 0) return [...banners];
  return banners.map((banner) => {
    const variant = words.get(String(banner.id));
    return variant ? { ...banner, text: variant.text, mobileText: variant.mobileText } : banner;
  });
}
