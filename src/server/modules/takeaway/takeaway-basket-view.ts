import { allergensFromTags } from '../../../domain/allergens';
import { sizeLabel } from '../../../domain/menu';
import { lineSize } from '../../../domain/takeaway';
import type { TakeawayBasket } from '../../../contracts/takeaway';
import { takeawayDate, timeSlotView, type PricedTakeaway } from './takeaway-pricing';

// A takeaway basket as the API shows it (spec §3 Basket with type TakeawayBasket; Basket item with its
// subItems; Takeaway cart item's appliedModifiers).

export function toTakeawayBasket(priced: PricedTakeaway, now: Date): TakeawayBasket {
  const { basket, details, restaurant, totals } = priced;
  const timeSlot = timeSlotView(priced);
  return {
    id: basket.id,
    type: 'TakeawayBasket',
    basketKey: basket.basketKey,
    startSubscription: false,
    restaurantId: restaurant?.id ?? null,
    restaurant: restaurant
      ? {
          id: restaurant.id,
          name: restaurant.name,
          site: restaurant.site,
          phone: restaurant.phone,
          postcode: restaurant.postcode,
        }
      : null,
    fulfillmentType: priced.fulfillmentType,
    deliveryDate: takeawayDate(priced, now),
    asap: details.asap,
    timeSlot,
    timeSlotEndTime: timeSlot?.endTime ?? null,
    address: details.address,
    customerEmail: details.customerEmail,
    isCateringOrder: details.isCateringOrder,
    isOpenTab: details.isOpenTab,
    tableNumber: details.tableNumber,
    deliveryNote: basket.deliveryNote,
    voucherCode: null,
    itemCount: totals.itemCount,
    totalLineItemsPrice: totals.subtotal,
    subtotalPrice: totals.subtotal,
    totalDiscount: totals.discount,
    shippingPrice: totals.deliveryFee,
    totalPrice: totals.total,
    total: totals.total,
    minimumSpend: totals.minimumSpend,
    meetsMinimum: totals.meetsMinimum,
    minimumRemainder: totals.minimumRemainder,
    valid: totals.valid,
    problems: priced.problems,
    createdAt: basket.createdAt.toISOString(),
    updatedAt: basket.updatedAt.toISOString(),
    items: priced.lines.map((line) => ({
      id: line.item.id,
      productId: String(line.item.productId),
      title: line.product?.title ?? 'No longer on the menu',
      variantTitle: lineSize(line.modifiers) ?? '',
      imageUrl: line.product?.imageUrl ?? null,
      quantity: line.item.quantity,
      basePrice: line.product?.price ?? 0,
      price: line.unitPrice,
      discount: 0,
      total: line.total,
      note: line.item.note || null,
      subItems: line.modifiers.map((modifier) => ({
        productId: String(modifier.id),
        title: modifier.title,
        group: modifier.group,
        price: modifier.price,
        label: modifier.group === 'size' ? sizeLabel(modifier.title) : null,
      })),
      appliedModifiers: line.modifiers.map((modifier) => modifier.title),
      tags: line.product?.tags ?? [],
      allergens: allergensFromTags(line.allergenTags).map(({ code, name }) => ({ code, name })),
      conflictingAllergens: line.conflicts,
      available: line.unavailable === null,
      unavailableReason: line.unavailable,
    })),
  };
}
