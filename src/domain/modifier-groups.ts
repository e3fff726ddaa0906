// The groups a takeaway dish's modifiers come in (spec §3 Takeaway menu): one size, extras, removals. A
// constant with no imports of its own, so that the contracts naming it carry nothing else (./takeaway
// brings the recipe-kit menu's rules, which the kitchen screen does not need).

export const MODIFIER_GROUPS = ['size', 'extra', 'removal'] as const;
export type ModifierGroup = (typeof MODIFIER_GROUPS)[number];
