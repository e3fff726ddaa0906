import type { CreateBasketBody, UpdateBasketBody } from '../../../contracts/basket-bodies';
import type { AddTakeawayItemBody, TakeawayBasket } from '../../../contracts/takeaway';
import type { TakeawayAddressInput } from '../../../contracts/takeaway-basket-fields';
import type { ErrorObject } from '../../../contracts/envelope';
import { formatUkPostcode, isUkPostcode, POSTCODE_INVALID_MESSAGE } from '../../../domain/address';
import { londonDate, type IsoDate } from '../../../domain/calendar';
import { DomainError, FieldErrors } from '../../../domain/errors';
import { normaliseUkPhone } from '../../../domain/phone';
import { isOfferedSlot } from '../../../domain/restaurant-hours';
import { chooseModifiers, MAX_TAKEAWAY_LINE_QUANTITY, modifierKey } from '../../../domain/takeaway';
import { isBookableDate, lastBookableDate } from '../../../domain/takeaway-promises';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import type { TakeawayAddress } from '../../../domain/address';
import type { BasketOwner } from '../../security/basket-owner';
import { newToken } from '../../security/tokens';
import {
  assertOffers,
  assertWithinHorizon,
  findDiningTable,
  findRestaurant,
  menuContext,
  readProducts,
  RESTAURANT_GONE,
  slotRules,
  toPriceable,
  unavailableReason,
  type RestaurantRow,
} from '../restaurants';
import {
  BASKET_GONE,
  createOrFindBasket,
  findOwnedBasket,
  lockOwnedBasket,
  refuseFields,
  TAKEAWAY_ONLY,
  touchBasket,
  type BasketRow,
  type TakeawayBaskets,
} from '../baskets';
import { toTakeawayBasket } from './takeaway-basket-view';
import {
  addItem,
  readDetails,
  readItems,
  setItemQuantity,
  writeDetails,
  type TakeawayDetailsChanges,
  type TakeawayDetailsRow,
} from './takeaway-baskets.repo';
import { priceTakeaway, type PricedTakeaway } from './takeaway-pricing';

// The takeaway basket (issue 13 part 2; spec §3 Basket type TakeawayBasket; §7 the basket update, "new
// takeaway basket" and "second basket" creates). It is a `baskets` row like the recipe-kit basket (the same
// owner rules, one per browser, joined at sign-in, deleted by type) with its choices and its lines beside it:
// restaurant, fulfilment, address, ASAP or a slot, email, catering, table; dishes with their modifiers. Every
// change locks the basket row, as the recipe-kit basket's do.

const RECIPE_KIT_ONLY = ['frequency', 'startSubscription', 'oneOffFeeApplicable'] as const;
function refuseRecipeKitFields(body: object): void {
  const fields = body as Record<string, unknown>;
  const given = RECIPE_KIT_ONLY.filter((name) =>
    name === 'startSubscription' ? fields[name] === true : fields[name] !== undefined,
  );
  refuseFields(body, given, 'takeaway basket');
}

export interface TakeawayBasketView {
  basket: TakeawayBasket;
}

export class TakeawayBasketService implements TakeawayBaskets {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** POST /baskets with type TakeawayBasket: the visitor's takeaway basket, made or found, with any choices given. */
  async create(
    owner: { visitorId: string; customerId: string | null },
    body: CreateBasketBody,
  ): Promise<{ basket: TakeawayBasket; created: boolean }> {
    refuseRecipeKitFields(body);
    const { basket, created } = await createOrFindBasket(this.db, {
      visitorId: owner.visitorId,
      customerId: owner.customerId,
      type: 'TakeawayBasket',
      startSubscription: false,
      basketKey: newToken(),
    });
    const chosen = TAKEAWAY_ONLY.some((name) => body[name] !== undefined) || body.deliveryDate !== undefined;
    if (!chosen) return { basket: await this.view(basket, owner.customerId), created };
    return { basket: await this.update(owner, basket.id, body), created };
  }

  async view(row: BasketRow, customerId: string | null): Promise<TakeawayBasket> {
    const now = this.clock.now();
    const [details, items] = await Promise.all([readDetails(this.db, row.id), readItems(this.db, row.id)]);
    return toTakeawayBasket(await priceTakeaway(this.db, row, details, items, customerId, now), now);
  }

  /** The basket update (spec §7): deliveryDate, timeSlot, restaurantId, fulfillmentType, address, and the rest. */
  async update(
    owner: BasketOwner,
    basketId: string,
    body: UpdateBasketBody | CreateBasketBody,
  ): Promise<TakeawayBasket> {
    refuseRecipeKitFields(body);
    const now = this.clock.now();
    const row = await this.db.transaction(async (tx) => {
      const basket = await lockTakeaway(tx, owner, basketId);
      const details = await readDetails(tx, basket.id);
      const { changes, deliveryDate } = await this.choices(tx, details, body, now);
      await writeDetails(tx, basket.id, changes, now);
      return touchBasket(tx, basket.id, {
        ...(deliveryDate !== undefined ? { deliveryDate } : {}),
        ...(body.deliveryNote !== undefined ? { deliveryNote: body.deliveryNote?.trim() || null } : {}),
      });
    });
    return this.view(row, owner.customerId);
  }

  /** Adds a dish with its modifiers (to its line when the same dish, modifiers and note are there already). */
  async addItem(owner: BasketOwner, basketId: string, body: AddTakeawayItemBody): Promise<TakeawayBasket> {
    const now = this.clock.now();
    const row = await this.db.transaction(async (tx) => {
      const basket = await lockTakeaway(tx, owner, basketId);
      const details = await readDetails(tx, basket.id);
      const restaurant = details.restaurantId ? await findRestaurant(tx, details.restaurantId) : null;
      if (!restaurant)
        throw new DomainError('BASKET_INVALID', 'Choose a restaurant first, then add its dishes');
      const { products, modifiers } = await readProducts(tx, [body.productId]);
      const product = products.get(body.productId);
      if (!product || product.kind !== 'item') {
        throw new DomainError('PRODUCT_VARIANT_NOT_FOUND', 'That dish is no longer on our menu');
      }
      const links = modifiers.get(product.id) ?? [];
      const chosen = chooseModifiers(
        toPriceable(product, links),
        (body.subItems ?? []).map((sub) => sub.productId),
      );
      if (!chosen.ok) throw new FieldErrors([{ field: 'subItems', message: chosen.reason }]);
      const context = await menuContext(
        tx,
        restaurant,
        {
          fulfillmentType: details.fulfillmentType ?? 'delivery',
          catering: details.isCateringOrder,
          customerId: owner.customerId,
        },
        now,
      );
      const chosenRows = links.filter(({ modifier }) => chosen.modifiers.some((m) => m.id === modifier.id));
      const reason = [product, ...chosenRows.map(({ modifier }) => modifier)]
        .map((p) => unavailableReason(p, context))
        .find((r) => r !== null);
      if (reason) throw new DomainError('PRODUCT_UNAVAILABLE', reason, { productId: product.id });
      const ids = chosen.modifiers.map((m) => m.id);
      const added = await addItem(
        tx,
        {
          basketId: basket.id,
          productId: product.id,
          modifierIds: ids,
          modifierKey: modifierKey(ids),
          note: body.note?.trim() ?? '',
          quantity: body.quantity,
        },
        MAX_TAKEAWAY_LINE_QUANTITY,
      );
      if (!added) {
        throw new DomainError(
          'VALIDATION_FAILED',
          `You can have up to ${MAX_TAKEAWAY_LINE_QUANTITY} of ${product.title} in one order`,
        );
      }
      return basket;
    });
    return this.view(row, owner.customerId);
  }

  /** Sets a line's quantity; 0 removes it (spec §4: minus on quantity 1 removes the item). */
  async setQuantity(
    owner: BasketOwner,
    basketId: string,
    itemId: string,
    quantity: number,
  ): Promise<TakeawayBasket> {
    const row = await this.db.transaction(async (tx) => {
      const basket = await lockTakeaway(tx, owner, basketId);
      if (!(await setItemQuantity(tx, basket.id, itemId, quantity))) {
        throw new DomainError('BASKET_ITEM_NOT_FOUND', 'That item is no longer in your basket');
      }
      return basket;
    });
    return this.view(row, owner.customerId);
  }

  /** Everything in the way of ordering it now (GET /baskets/{id}/validate). */
  async validate(row: BasketRow, customerId: string | null): Promise<ErrorObject[]> {
    return (await this.view(row, customerId)).problems;
  }

  /** The choices a body makes, checked against the restaurant and the clock. */
  private async choices(
    tx: DbOrTx,
    current: TakeawayDetailsRow,
    body: UpdateBasketBody | CreateBasketBody,
    now: Date,
  ): Promise<{ changes: TakeawayDetailsChanges; deliveryDate: string | null | undefined }> {
    const changes: TakeawayDetailsChanges = {};
    const restaurantId = body.restaurantId !== undefined ? body.restaurantId : current.restaurantId;
    const restaurant = restaurantId ? await findRestaurant(tx, restaurantId) : null;
    if (restaurantId && !restaurant) throw new DomainError('RESTAURANT_NOT_FOUND', RESTAURANT_GONE);
    if (body.restaurantId !== undefined) changes.restaurantId = body.restaurantId;
    if (body.fulfillmentType !== undefined) changes.fulfillmentType = body.fulfillmentType;
    if (body.isCateringOrder !== undefined) changes.isCateringOrder = body.isCateringOrder;
    const fulfillmentType =
      changes.fulfillmentType !== undefined ? changes.fulfillmentType : current.fulfillmentType;
    const catering = changes.isCateringOrder ?? current.isCateringOrder;
    if (restaurant && fulfillmentType) assertOffers(restaurant, { fulfillmentType, catering });
    if (body.customerEmail !== undefined) changes.customerEmail = body.customerEmail;
    if (body.tableNumber !== undefined) {
      changes.tableNumber = body.tableNumber ? await tableOf(tx, restaurant, body.tableNumber) : null;
    } else if (restaurantId !== current.restaurantId && current.tableNumber) {
      // Another restaurant's table 12 is another table.
      changes.tableNumber = null;
    }
    if (body.isOpenTab !== undefined) {
      if (body.isOpenTab && (fulfillmentType !== 'eat_in' || !restaurant?.openTabCheckouts)) {
        throw new FieldErrors([
          {
            field: 'isOpenTab',
            message: restaurant
              ? `${restaurant.name} doesn’t run tabs for this order: pay when you order`
              : 'Choose a restaurant first',
          },
        ]);
      }
      changes.isOpenTab = body.isOpenTab;
    }
    // Leaving the table: no table number, no tab; at a restaurant that runs no tabs, no tab.
    if (fulfillmentType !== 'eat_in' && (current.tableNumber || current.isOpenTab)) {
      Object.assign(changes, { tableNumber: null, isOpenTab: false });
    } else if ((changes.isOpenTab ?? current.isOpenTab) && !restaurant?.openTabCheckouts) {
      changes.isOpenTab = false;
    }
    if (body.address !== undefined) changes.address = body.address ? normaliseAddress(body.address) : null;

    let deliveryDate: string | null | undefined;
    if (body.deliveryDate !== undefined && body.deliveryDate !== null) {
      assertBookable(body.deliveryDate as IsoDate, now, catering);
      deliveryDate = body.deliveryDate;
      // Another day than today cannot be ASAP, and a slot of another day no longer applies.
      const slotDay = current.slotStart ? londonDate(current.slotStart) : null;
      if (deliveryDate !== londonDate(now) || (slotDay && slotDay !== deliveryDate)) {
        Object.assign(changes, { asap: false, slotStart: null });
      }
    } else if (body.deliveryDate === null) {
      deliveryDate = null;
    }
    const asapWanted = body.timeSlot ? (body.timeSlot.asap ?? !body.timeSlot.startTime) : false;
    if (catering && asapWanted) {
      throw new FieldErrors([{ field: 'timeSlot', message: 'Catering is ordered ahead: choose a time' }]);
    }
    if (body.timeSlot) {
      if (asapWanted) {
        Object.assign(changes, { asap: true, slotStart: null });
        deliveryDate = londonDate(now);
      } else {
        const start = body.timeSlot.startTime ? new Date(body.timeSlot.startTime) : null;
        if (!start)
          throw new FieldErrors([{ field: 'timeSlot/startTime', message: 'Choose a time, or ASAP' }]);
        // Issue 19: no further ahead than the time slots offer (a week; catering three).
        assertWithinHorizon(start, now, catering);
        if (restaurant && fulfillmentType) {
          const rules = slotRules(restaurant, { fulfillmentType, catering });
          if (!isOfferedSlot(restaurant.openingHours, start, now, rules)) {
            throw new DomainError(
              'SLOT_UNAVAILABLE',
              'That time is not available. Please choose another time.',
              {
                startTime: start.toISOString(),
              },
            );
          }
        }
        Object.assign(changes, { asap: false, slotStart: start });
        deliveryDate = londonDate(start);
      }
    }
    // Catering is never ASAP: it waits for a time.
    if (catering && (changes.asap ?? current.asap)) changes.asap = false;
    return { changes, deliveryDate };
  }
}

/** Locks the owner's takeaway basket (and marks it changed): 404 when it is not theirs, 400 when not takeaway. */
export async function lockTakeaway(tx: DbOrTx, owner: BasketOwner, basketId: string): Promise<BasketRow> {
  const basket = await lockOwnedBasket(tx, owner, basketId);
  if (!basket) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
  if (basket.type !== 'TakeawayBasket') {
    throw new DomainError(
      'BASKET_INVALID',
      'This is a recipe-kit basket: add its dishes with POST /baskets/{id}/items',
    );
  }
  return basket;
}

/**
 * The owner's takeaway basket priced at `now`, in the caller's transaction, locked first (the money path's
 * lock order starts with the basket): what placing an order from it reads.
 */
export async function lockAndPriceTakeaway(
  tx: DbOrTx,
  owner: BasketOwner,
  basketId: string,
  now: Date,
): Promise<PricedTakeaway> {
  const found = await findOwnedBasket(tx, owner, basketId, { lock: true });
  if (!found) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
  if (found.type !== 'TakeawayBasket') {
    throw new DomainError('BASKET_INVALID', 'Place a recipe-kit basket with POST /orders/recipe_kits');
  }
  const [details, items] = await Promise.all([readDetails(tx, found.id), readItems(tx, found.id)]);
  return priceTakeaway(tx, found, details, items, owner.customerId, now);
}

/** The owner's takeaway basket priced at `now`, read without a lock (a tip's preview reads it). */
export async function priceTakeawayBasket(
  db: DbOrTx,
  owner: BasketOwner,
  basketId: string,
  now: Date,
): Promise<PricedTakeaway> {
  const found = await findOwnedBasket(db, owner, basketId);
  if (!found) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
  if (found.type !== 'TakeawayBasket') {
    throw new DomainError('BASKET_INVALID', 'Tips are for a table’s order: this is a recipe-kit basket');
  }
  const [details, items] = await Promise.all([readDetails(db, found.id), readItems(db, found.id)]);
  return priceTakeaway(db, found, details, items, owner.customerId, now);
}

function assertBookable(date: IsoDate, now: Date, catering: boolean): void {
  if (!isBookableDate(date, now, catering)) {
    throw new FieldErrors([
      { field: 'deliveryDate', message: `Choose a date from today to ${lastBookableDate(now, catering)}` },
    ]);
  }
}

function normaliseAddress(input: TakeawayAddressInput): TakeawayAddress {
  const zip = input.zip?.trim() || null;
  if (zip && !isUkPostcode(zip)) throw new DomainError('POSTCODE_INVALID', POSTCODE_INVALID_MESSAGE);
  const phone = input.phone ? normaliseUkPhone(input.phone) : null;
  if (phone && !phone.ok) throw new FieldErrors([{ field: 'address/phone', message: phone.reason }]);
  return {
    firstName: input.firstName || null,
    lastName: input.lastName || null,
    address1: input.address1 || null,
    address2: input.address2 || null,
    city: input.city || null,
    zip: zip ? formatUkPostcode(zip) : null,
    country: input.country || 'United Kingdom',
    countryCode: input.countryCode || 'GB',
    phone: phone?.ok ? phone.e164 : null,
    lat: input.lat ?? null,
    lon: input.lon ?? null,
  };
}

/**
 * The table a guest gave, as the restaurant numbers it (decision 28): one of its tables, or TABLE_NOT_FOUND
 * saying where the number is; a restaurant that serves by name keeps none.
 */
async function tableOf(tx: DbOrTx, restaurant: RestaurantRow | null, number: string): Promise<string | null> {
  if (!restaurant || !restaurant.hasTableNumbers) return null;
  const table = await findDiningTable(tx, restaurant.id, number);
  if (!table) {
    throw new DomainError(
      'TABLE_NOT_FOUND',
      `${restaurant.name} has no table ${number}. ${restaurant.tableNumberPrompt ?? 'Check the number on your table'}.`,
      { field: 'tableNumber' },
    );
  }
  return table.number;
}
