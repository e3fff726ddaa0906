import {
  householdAddress,
  householdCard,
  householdCardFromLabel,
  type HouseholdFacts,
} from '../../../domain/referrals';
import type { DbOrTx } from '../../db/client';
import { addressBookLines } from '../customers';
import { checkoutsOfOrders, orderAddressLines, type PaidCheckoutRecord } from '../orders';
import { cardsOfCheckouts, cardsOfCustomer, type CardFacts } from '../payments';
import { listRestaurants } from '../restaurants';
import { rewardedReferralOrderIds } from './rewards.repo';

// One household (decision 30): the cards and addresses a referrer has, and those of the friend's first paid
// order, as the domain's referralRewardProblem compares them. A restaurant's address (a collection, a table,
// an event) is nobody's home, and a gift goes to someone else's: neither counts. And the households that
// have joined already: the first paid orders of the referrals rewarded so far, from any referrer.

function cardKeys(cards: readonly CardFacts[]): string[] {
  const keys = cards.flatMap((card) => [
    card.method ? householdCard(card.method) : null,
    householdCardFromLabel(card.paidWith),
  ]);
  return [...new Set(keys.filter((key): key is string => key !== null))];
}

/** The households of the shop's restaurants, which are nobody's home. */
async function restaurantKeys(db: DbOrTx): Promise<Set<string>> {
  const restaurants = await listRestaurants(db);
  return new Set(
    restaurants
      .map((r) => householdAddress({ address1: r.address1, zip: r.postcode }))
      .filter((key): key is string => key !== null),
  );
}

function addressKeys(
  lines: readonly { address1: string | null; zip: string | null }[],
  restaurants: ReadonlySet<string>,
): string[] {
  const keys = lines.map(householdAddress).filter((key): key is string => key !== null);
  return [...new Set(keys)].filter((key) => !restaurants.has(key));
}

/** Everything that makes the referrer's household: cards saved or paid with, addresses saved or sent to. */
export async function referrerHousehold(db: DbOrTx, referrerId: string): Promise<HouseholdFacts> {
  const [cards, book, sent, restaurants] = await Promise.all([
    cardsOfCustomer(db, referrerId),
    addressBookLines(db, [referrerId]),
    orderAddressLines(db, [referrerId], ['gift_box']),
    restaurantKeys(db),
  ]);
  return { cards: cardKeys(cards), addresses: addressKeys([...book, ...sent], restaurants) };
}

/** The friend's first paid order's household: the cards that paid it and where it goes. */
export async function orderHousehold(
  db: DbOrTx,
  checkout: PaidCheckoutRecord,
  cards: readonly CardFacts[],
): Promise<HouseholdFacts> {
  const restaurants = await restaurantKeys(db);
  return {
    cards: cardKeys(cards),
    addresses: addressKeys(
      checkout.orders.filter((order) => order.source !== 'gift_box'),
      restaurants,
    ),
  };
}

/** The households rewarded already: the cards and addresses of every rewarded referral's first paid order. */
export async function rewardedHouseholds(db: DbOrTx): Promise<HouseholdFacts> {
  const checkouts = await checkoutsOfOrders(db, await rewardedReferralOrderIds(db));
  if (checkouts.length === 0) return { cards: [], addresses: [] };
  const [payments, restaurants] = await Promise.all([
    cardsOfCheckouts(
      db,
      checkouts.map((checkout) => checkout.id),
    ),
    restaurantKeys(db),
  ]);
  return {
    cards: cardKeys([...payments.values()].flatMap((paid) => paid.cards)),
    addresses: addressKeys(
      checkouts.flatMap((checkout) => checkout.orders.filter((order) => order.source !== 'gift_box')),
      restaurants,
    ),
  };
}
