import type { TipPreview } from '../../../contracts/dine-in';
import { formatPence, pence } from '../../../domain/money';
import { maxTip, tipChoices } from '../../../domain/tabs';

// Honest tipping (issue 21 part 3): the choices on the food and drink only, "No tip" first and nothing
// chosen for the guest, each with the amount it adds; and every charge beyond the food said before the first
// order (at a Sfoglia table there are none, and the screen says so).

export const NO_SURCHARGE_NOTE =
  'No service charge and no table fee. A tip is up to you, and all of it goes to the team.';

export function tipPreview(foodAndDrink: number): TipPreview {
  const on = pence(Math.max(0, foodAndDrink));
  return {
    foodAndDrink: on,
    choices: tipChoices(on).map((choice) => ({
      percent: choice.percent,
      amount: choice.amount,
      label: choice.percent === 0 ? 'No tip' : `${choice.percent}% · ${formatPence(choice.amount)}`,
    })),
    maxTip: maxTip(on),
    surcharges: [],
    note: NO_SURCHARGE_NOTE,
  };
}
