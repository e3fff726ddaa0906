import type { QueryClient } from '@tanstack/react-query';
import type { TakeawayAddressInput } from '../../../../contracts/takeaway-basket-fields';
import type { FulfillmentType } from '../../../../domain/fulfillment-types';
import type { ChosenAddress } from './suggestions';
import { takeawayBasketApi, takeawayQueries, type TakeawayBasketState } from '../takeaway.queries';

// Choosing a restaurant and how to have it makes the visitor's takeaway basket, or changes the one they
// have (spec §7 "New takeaway basket" and the basket update): the restaurant, the fulfilment, ASAP (catering
// is ordered ahead: its time is chosen on its menu), the address with its coordinates, and the catering flag.

export interface RestaurantChoice {
  restaurantId: string;
  fulfillmentType: FulfillmentType;
  address: ChosenAddress;
  catering: boolean;
}

/** The basket's address (spec §3 Basket address): a UK one, with where it is. */
export function basketAddress(address: ChosenAddress): TakeawayAddressInput {
  return {
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    zip: address.zip,
    country: 'United Kingdom',
    countryCode: 'GB',
    lat: address.lat,
    lon: address.lon,
  };
}

export function choiceBody({ restaurantId, fulfillmentType, address, catering }: RestaurantChoice) {
  return {
    restaurantId,
    fulfillmentType,
    address: basketAddress(address),
    isCateringOrder: catering,
    ...(catering ? {} : { timeSlot: { asap: true } }),
  };
}

function remember(queryClient: QueryClient, state: TakeawayBasketState): TakeawayBasketState {
  queryClient.setQueryData(takeawayQueries.basket().queryKey, state);
  return state;
}

/** Sets the choice on the visitor's takeaway basket, making one if they have none. */
export async function chooseRestaurant(
  queryClient: QueryClient,
  choice: RestaurantChoice,
): Promise<TakeawayBasketState> {
  const current = await queryClient.fetchQuery({ ...takeawayQueries.basket(), staleTime: 0 });
  const body = choiceBody(choice);
  return remember(
    queryClient,
    current ? await takeawayBasketApi.update(current.basket.id, body) : await takeawayBasketApi.create(body),
  );
}

/** Spec §4 Takeaway switch: the basket is recreated for the restaurant found (its dishes were for another). */
export async function recreateBasket(
  queryClient: QueryClient,
  choice: RestaurantChoice,
): Promise<TakeawayBasketState> {
  await takeawayBasketApi.remove();
  queryClient.setQueryData(takeawayQueries.basket().queryKey, null);
  return remember(queryClient, await takeawayBasketApi.create(choiceBody(choice)));
}
