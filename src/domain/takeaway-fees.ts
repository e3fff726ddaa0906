// A restaurant's delivery fee as it applies to an order (issue 19): its fee, free from its threshold, so
// where the minimum order is already that much (catering's £150 against free from £40) delivery is always
// free, which is what takeawayTotals (./takeaway.ts) charges every valid basket. Its own module: the address
// search's first JS carries it.

export function deliveryFeeRule(pricing: {
  deliveryFee: number;
  freeDeliveryFrom: number | null;
  minimumSpend: number;
}): { fee: number; freeFrom: number | null } {
  const alwaysFree =
    pricing.deliveryFee === 0 ||
    (pricing.freeDeliveryFrom !== null && pricing.minimumSpend >= pricing.freeDeliveryFrom);
  return alwaysFree
    ? { fee: 0, freeFrom: null }
    : { fee: pricing.deliveryFee, freeFrom: pricing.freeDeliveryFrom };
}
