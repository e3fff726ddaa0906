// How a takeaway is had (spec §3 Basket `fulfillmentType`): brought to the door, collected, or eaten at a
// table. A constant with no imports of its own, so that a module that only names it carries nothing else.

export const FULFILLMENT_TYPES = ['delivery', 'pickup', 'eat_in'] as const;
export type FulfillmentType = (typeof FULFILLMENT_TYPES)[number];
