// A customer with a live plan who checks out a basket is asked what to do with its dishes (issue 12 part 3):
// put them in an upcoming box, buy them as a one-off box, or start a second plan. Never a second plan by
// default: the subscription checkout goes on only for the basket the customer chose that for, in this tab.

const KEY = 'sfoglia:second-plan-basket';

export function chooseSecondPlan(basketId: string): void {
  try {
    sessionStorage.setItem(KEY, basketId);
  } catch {
    // Storage disabled: the choice is asked again on the next step, never assumed.
  }
}

export function secondPlanChosen(basketId: string): boolean {
  try {
    return sessionStorage.getItem(KEY) === basketId;
  } catch {
    return false;
  }
}
