import { londonDate } from '../../../domain/calendar';
import { formatPence } from '../../../domain/money';
import { wallTime } from '../../../domain/restaurant-hours';
import { minutesText } from '../../../domain/takeaway-promises';
import type { DbOrTx } from '../../db/client';
import { enqueueEmail } from '../../integrations/email';
import {
  lateDeliveryCredit,
  takeawayConfirmation,
  takeawayRejected,
  type EmailOrder,
} from '../../integrations/email/templates';
import { receipt, takeawayMoney } from '../../../domain/receipt';
import { findCustomerById } from '../customers';
import { describePayment, emailTotals, type CheckoutPaid } from '../orders';
import type { Elsewhere } from './takeaway-order-view';
import { named } from './takeaway-order-view';
import type { TakeawayOrderRecord } from './takeaway-orders.repo';

// The emails about a takeaway (issue 13): paid, rejected and refunded, and credited for coming late. Each is
// queued in the transaction that causes it (the outbox sends it after commit).

const milesText = (miles: number) => `${miles} ${miles === 1 ? 'mile' : 'miles'}`;

/** The order's public tracking page (issue 19): what every email links to. */
export const trackingUrl = (publicUrl: string, record: TakeawayOrderRecord) =>
  `${publicUrl}/takeaway/track/${record.takeaway.trackingToken}`;

/** "12:35", or on another day "11:35 on Thursday 19 November". */
function atText(instant: Date, now: Date): string {
  return londonDate(instant) === londonDate(now)
    ? wallTime(instant)
    : `${wallTime(instant)} on ${longDay(instant)}`;
}

/** "between 13:05 and 13:20 today", or on another day "between 12:15 and 12:30 on Friday 20 November". */
export function windowText(from: Date, to: Date, now: Date): string {
  const day = londonDate(from) === londonDate(now) ? 'today' : `on ${longDay(from)}`;
  return `between ${wallTime(from)} and ${wallTime(to)} ${day}`;
}

function longDay(instant: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'Europe/London',
  }).format(instant);
}

/** A takeaway's money as every receipt shows it (domain/receipt.ts): food, delivery, total, and what paid. */
function takeawayReceipt(
  { order, takeaway }: Pick<TakeawayOrderRecord, 'order' | 'takeaway'>,
  paid: CheckoutPaid | null,
) {
  const money = takeawayMoney({
    ...order,
    discount: order.totalDiscounts,
    delivered: takeaway.fulfillmentType === 'delivery',
  });
  return receipt([money], paid).orders[0]!;
}

function emailOrder(record: TakeawayOrderRecord, paid: CheckoutPaid): EmailOrder {
  const { order, takeaway, restaurant, lines } = record;
  const address =
    takeaway.fulfillmentType === 'delivery'
      ? [order.shippingAddress.address1, order.shippingAddress.city, order.shippingAddress.zip]
          .filter(Boolean)
          .join(', ')
      : `${restaurant.name}, ${restaurant.address1}, ${restaurant.postcode}`;
  return {
    number: order.number,
    deliveryDate: longDay(takeaway.promisedFrom),
    address,
    lines: lines.map((line) => {
      const choices = (line.takeaway?.modifiers ?? []).filter((m) => m.group !== 'size').map((m) => m.title);
      const portion = [line.variantTitle || null, ...choices].filter(Boolean).join(' · ');
      return {
        quantity: line.quantity,
        title: line.title,
        portion: portion || null,
        unitPrice: formatPence(line.price),
        total: formatPence(line.total),
      };
    }),
    totals: emailTotals(takeawayReceipt(record, paid)),
  };
}

export async function queueTakeawayConfirmation(
  tx: DbOrTx,
  record: TakeawayOrderRecord,
  paid: { payment: Parameters<typeof describePayment>[1]; now: Date; publicUrl: string },
): Promise<void> {
  const customer = await findCustomerById(tx, record.order.customerId);
  if (!customer) return;
  await enqueueEmail(
    tx,
    takeawayConfirmation({
      to: customer.email,
      firstName: customer.firstName,
      restaurant: record.restaurant.name,
      when: windowText(record.takeaway.promisedFrom, record.takeaway.promisedTo, paid.now),
      acceptBy: atText(record.takeaway.acceptBy ?? paid.now, paid.now),
      delivery: record.takeaway.fulfillmentType === 'delivery',
      order: emailOrder(record, await describePayment(tx, paid.payment)),
      allergens: named(record.takeaway.customerAllergens).map((a) => a.name),
      link: trackingUrl(paid.publicUrl, record),
    }),
  );
}

export async function queueTakeawayRejected(
  tx: DbOrTx,
  record: TakeawayOrderRecord,
  money: { refunded: number; creditBack: number; publicUrl: string; acceptMinutes: number },
  elsewhere: Elsewhere,
): Promise<void> {
  const customer = await findCustomerById(tx, record.order.customerId);
  if (!customer) return;
  const { takeaway } = record;
  const link = trackingUrl(money.publicUrl, record);
  await enqueueEmail(
    tx,
    takeawayRejected({
      to: customer.email,
      firstName: customer.firstName,
      restaurant: record.restaurant.name,
      number: record.order.number,
      why:
        takeaway.rejectedBy === 'timeout'
          ? { by: 'timeout', minutes: minutesText(money.acceptMinutes) }
          : { by: 'kitchen', reason: takeaway.rejectedReason ?? 'The kitchen could not make it.' },
      refunded: money.refunded > 0 ? `${formatPence(money.refunded)} to your card` : null,
      creditBack: money.creditBack > 0 ? formatPence(money.creditBack) : null,
      elsewhere: elsewhere
        ? {
            name: elsewhere.name,
            distance: `${milesText(elsewhere.distanceMiles)} ${
              takeaway.fulfillmentType === 'delivery' ? 'away' : `from ${record.restaurant.name}`
            }`,
            link: `${link}/elsewhere`,
          }
        : null,
      link,
      searchLink: `${money.publicUrl}/${takeaway.isCateringOrder ? 'catering' : 'pasta-now'}-search-address`,
    }),
  );
}

export async function queueLateDeliveryCredit(
  tx: DbOrTx,
  record: TakeawayOrderRecord,
  credit: { amount: number; rule: string },
): Promise<void> {
  const customer = await findCustomerById(tx, record.order.customerId);
  if (!customer || !record.takeaway.deliveredAt) return;
  await enqueueEmail(
    tx,
    lateDeliveryCredit({
      to: customer.email,
      firstName: customer.firstName,
      number: record.order.number,
      promised: `${wallTime(record.takeaway.promisedFrom)} – ${wallTime(record.takeaway.promisedTo)}`,
      arrived: wallTime(record.takeaway.deliveredAt),
      credit: formatPence(credit.amount),
      rule: credit.rule,
    }),
  );
}
