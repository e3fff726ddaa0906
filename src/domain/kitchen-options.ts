// The kitchen screen's choices (issue 13 part 3): the buttons a ticket may show, the prep times accept
// takes, busy mode's minutes and how long a snooze lasts. Constants with no imports of their own, so that the
// contracts and the screen naming them carry none of the order lifecycle's rules (./kitchen has those).

export const KITCHEN_ACTIONS = [
  'acknowledge_allergens',
  'accept',
  'ready',
  'out_for_delivery',
  'delivered',
  'collected',
  'reject',
] as const;
export type KitchenAction = (typeof KITCHEN_ACTIONS)[number];

export const PREP_MINUTES_MIN = 5;
export const PREP_MINUTES_MAX = 120;
/** Busy mode: minutes added to every estimate (0 is off). */
export const BUSY_MINUTES_OPTIONS = [0, 10, 20, 30, 45, 60] as const;

export const SNOOZE_OPTIONS = ['hour', 'tomorrow'] as const;
export type SnoozeOption = (typeof SNOOZE_OPTIONS)[number];
