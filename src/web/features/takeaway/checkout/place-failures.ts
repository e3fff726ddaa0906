import type { CheckoutMeta } from '../../../../contracts/orders';
import type { TakeawayOrder } from '../../../../contracts/takeaway';
import { type ApiError, isRefusal, NetworkError } from '../../../shared/api/client';

// What placing and paying a restaurant's order says when it goes wrong (spec §8), for every checkout that
// places one (Pasta Now's payment step, a table's tipping step): a refusal (400) in the shop's own words;
// anything else "Failed while trying to create order" or "… to pay your order", with what to do.

export const CREATE_FAILED = 'Failed while trying to create order';
export const PAY_FAILED = 'Failed while trying to pay your order';

/** What a failure to pay means, and what to do (the order is kept). */
export function payFailure(error: unknown): string {
  if (isRefusal(error) || error instanceof NetworkError) return error.message;
  return `${PAY_FAILED}. Your order is saved: please try again in a moment, or choose another way to pay.`;
}

/** Every problem a refusal names (a 400 lists them all), in the shop's words. */
export function refusalText(error: ApiError): string {
  const details = error.errors.map((e) => e.detail).filter(Boolean);
  return details.length > 0 ? details.join(' ') : error.message;
}

/** An order placed for what the customer sees (its signature): paying it again needs no second place. */
export interface Placed {
  signature: string;
  order: TakeawayOrder;
  checkout: CheckoutMeta;
}
