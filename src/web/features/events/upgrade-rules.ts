import type { EventUpgrade } from '../../../contracts/events';
import { MAX_UPGRADE_QUANTITY } from '../../../domain/events';
import { guestsOf, type BookingDraft } from './booking-draft';

// How many of an add-on a booking may have (domain/events upgradeProblem says the same on the server).

/** The most of an add-on a booking of `guests` may have: one a guest (a wine pairing), else up to 10. */
export const upgradeMost = (upgrade: Pick<EventUpgrade, 'perGuest'>, guests: number) =>
  upgrade.perGuest ? guests : MAX_UPGRADE_QUANTITY;

/** The draft's add-ons within what its guests may have (fewer guests since: fewer wine pairings). */
export function clampedDraft(draft: BookingDraft, upgrades: readonly EventUpgrade[]): BookingDraft {
  const guests = guestsOf(draft);
  const next: Record<string, number> = {};
  for (const upgrade of upgrades) {
    const quantity = Math.min(draft.upgrades[upgrade.id] ?? 0, upgradeMost(upgrade, guests));
    if (quantity > 0) next[upgrade.id] = quantity;
  }
  return { ...draft, upgrades: next };
}
