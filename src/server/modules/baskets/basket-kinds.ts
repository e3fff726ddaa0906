import type { CreateBasketBody, UpdateBasketBody } from '../../../contracts/basket-bodies';
import type { ErrorObject } from '../../../contracts/envelope';
import type { TakeawayBasket } from '../../../contracts/takeaway';
import { FieldErrors } from '../../../domain/errors';
import type { BasketOwner } from '../../security/basket-owner';
import { basketResources } from './basket-resources';
import type { BasketRow } from './baskets.repo';

// The `baskets` row is this area's for every kind of basket (one per browser and kind, the same owner rules,
// joined at sign-in, deleted by type). The takeaway basket's choices and lines beside the row (a restaurant,
// a slot, dishes with modifiers), its pricing and its model are takeaway's (issue 20: an order kind owns its
// pricing); the shared /baskets calls ask takeaway through this port (wired in services.ts), so baskets never
// imports takeaway.

/** The takeaway basket as the shared /baskets calls need it (takeaway's TakeawayBasketService). */
export interface TakeawayBaskets {
  /** The basket priced now. */
  view(row: BasketRow, customerId: string | null): Promise<TakeawayBasket>;
  /** Makes the visitor's takeaway basket with its choices, or gives back the one they have. */
  create(
    owner: { visitorId: string; customerId: string | null },
    body: CreateBasketBody,
  ): Promise<{ basket: TakeawayBasket; created: boolean }>;
  update(owner: BasketOwner, basketId: string, body: UpdateBasketBody): Promise<TakeawayBasket>;
  /** Everything in the way of ordering it now (empty when it can go to checkout). */
  validate(row: BasketRow, customerId: string | null): Promise<ErrorObject[]>;
}

/** A takeaway basket's document: the basket, its lines in `included`, its minimum spend. */
export function takeawayBasketResponse(basket: TakeawayBasket) {
  return {
    ...basketResources(basket, 'takeaway_basket_items'),
    meta: {
      minimumSpend: basket.minimumSpend,
      minimumSpendPerOrder: basket.minimumSpend,
      requestCard: false,
    },
  };
}

/** Fields only a takeaway basket has (a recipe-kit basket refuses them). */
export const TAKEAWAY_ONLY = [
  'restaurantId',
  'fulfillmentType',
  'timeSlot',
  'address',
  'customerEmail',
  'isCateringOrder',
  'tableNumber',
] as const;

/** Refuses fields that belong to the other kind of basket, naming each (400). */
export function refuseFields(body: object, names: readonly string[], kind: string): void {
  const given = names.filter((name) => (body as Record<string, unknown>)[name] !== undefined);
  if (given.length > 0) {
    throw new FieldErrors(given.map((field) => ({ field, message: `is not a field of a ${kind}` })));
  }
}
