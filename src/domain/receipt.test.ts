import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatPence } from './money';
import {
  orderReceiptRows,
  paidWithLabel,
  paymentReceiptRows,
  receipt,
  takeawayMoney,
  type OrderMoney,
} from './receipt';

// Every receipt shows the same rows (issue 19 item 4): a total is never the only figure when store credit
// paid part of it.

const giftBox: OrderMoney = {
  itemsLabel: 'Gift box',
  subtotal: 4200,
  discount: 0,
  voucherCode: null,
  shippingPrice: 0,
  oneOffFee: 0,
  total: 4200,
};
const visa = { creditUsed: 500, charged: 3700, paidWith: 'Visa ending 4242' };
const flat = (rows: { label: string; value: string }[]) => rows.map((row) => `${row.label}: ${row.value}`);

describe('a receipt', () => {
  test('the issue’s gift: £42.00, £5 of store credit, £37.00 charged to the card', () => {
    const shown = receipt([giftBox], visa);
    expect(flat(shown.orders[0]!)).toEqual([
      'Gift box: £42.00',
      'Delivery: Free',
      'Total: £42.00',
      'Store credit used: −£5.00',
      'Charged to Visa ending 4242: £37.00',
    ]);
    expect(shown.payment).toEqual([]);
  });

  test('a one-off box names its fee beside delivery; a discount names its code', () => {
    expect(
      flat(
        orderReceiptRows({
          itemsLabel: 'Dishes',
          subtotal: 3500,
          discount: 1000,
          voucherCode: '10EXTRA',
          shippingPrice: 498,
          oneOffFee: 299,
          total: 2998,
        }),
      ),
    ).toEqual([
      'Dishes: £35.00',
      'Discount (10EXTRA): −£10.00',
      'Delivery: £1.99',
      'One-off box fee: £2.99',
      'Total: £29.98',
    ]);
  });

  test('several orders paid together: each one’s rows, then the payment once, after their total', () => {
    const box = { ...giftBox, itemsLabel: 'Dishes', subtotal: 2000, shippingPrice: 199, total: 2199 };
    const shown = receipt([box, box], { creditUsed: 0, charged: 4398, paidWith: 'PayPal (ana@example.com)' });
    expect(shown.orders.map(flat)).toEqual([
      ['Dishes: £20.00', 'Delivery: £1.99', 'Total: £21.99'],
      ['Dishes: £20.00', 'Delivery: £1.99', 'Total: £21.99'],
    ]);
    expect(flat(shown.payment)).toEqual([
      'Total for 2 orders: £43.98',
      'Charged to PayPal (ana@example.com): £43.98',
    ]);
  });

  test('unpaid orders show only their own rows; a collection has no delivery row', () => {
    expect(receipt([giftBox], null)).toEqual({ orders: [orderReceiptRows(giftBox)], payment: [] });
    const collected = takeawayMoney({
      subtotal: 1450,
      discount: 0,
      shippingPrice: 0,
      total: 1450,
      delivered: false,
    });
    expect(flat(orderReceiptRows(collected))).toEqual(['Food: £14.50', 'Total: £14.50']);
  });

  test('credit that paid it all: nothing charged, said so', () => {
    expect(
      flat(paymentReceiptRows({ total: 1200, creditUsed: 1200, charged: 0, paidWith: null, orders: 1 })),
    ).toEqual(['Store credit used: −£12.00', 'Charged to your card: £0.00']);
  });

  test('property: the rows show the total, the credit used and the charge, and credit plus charge is the total', () => {
    const moneyArb = fc
      .record({
        subtotal: fc.integer({ min: 0, max: 20_000 }),
        discount: fc.integer({ min: 0, max: 2_000 }),
        delivery: fc.integer({ min: 0, max: 500 }),
        oneOffFee: fc.integer({ min: 0, max: 500 }),
      })
      .filter((m) => m.discount <= m.subtotal)
      .map((m): OrderMoney => ({
        itemsLabel: 'Dishes',
        subtotal: m.subtotal,
        discount: m.discount,
        voucherCode: null,
        shippingPrice: m.delivery + m.oneOffFee,
        oneOffFee: m.oneOffFee,
        total: m.subtotal - m.discount + m.delivery + m.oneOffFee,
      }));
    fc.assert(
      fc.property(
        fc.array(moneyArb, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 100 }),
        (orders, creditPercent) => {
          const total = orders.reduce((sum, order) => sum + order.total, 0);
          const creditUsed = Math.floor((total * creditPercent) / 100);
          const shown = receipt(orders, { creditUsed, charged: total - creditUsed, paidWith: null });
          const all = [...shown.orders.flat(), ...shown.payment];
          expect(all.filter((row) => row.kind === 'charged').map((row) => row.value)).toEqual([
            formatPence(total - creditUsed),
          ]);
          expect(all.filter((row) => row.kind === 'credit').map((row) => row.value)).toEqual(
            creditUsed > 0 ? [`−${formatPence(creditUsed)}`] : [],
          );
          // The payment's total is the orders' together, shown once when there are several.
          const totals = all.filter((row) => row.kind === 'total').map((row) => row.value);
          expect(totals).toEqual([
            ...orders.map((order) => formatPence(order.total)),
            ...(orders.length > 1 ? [formatPence(total)] : []),
          ]);
          // Delivery and the one-off fee rows add up to each order's delivery charge.
          for (const [index, rows] of shown.orders.entries()) {
            const order = orders[index]!;
            const fee = rows.find((row) => row.label === 'One-off box fee');
            expect(fee?.value ?? null).toBe(order.oneOffFee > 0 ? formatPence(order.oneOffFee) : null);
            const delivery = order.shippingPrice! - order.oneOffFee;
            expect(rows.find((row) => row.label === 'Delivery')?.value).toBe(
              delivery === 0 ? 'Free' : formatPence(delivery),
            );
          }
        },
      ),
    );
  });
});

describe('paidWithLabel', () => {
  test('a card by brand and last four, PayPal by its email', () => {
    expect(paidWithLabel({ type: 'CreditCard', brand: 'visa', last4: '4242', email: null })).toBe(
      'Visa ending 4242',
    );
    expect(paidWithLabel({ type: 'PaypalAccount', brand: null, last4: null, email: 'ana@example.com' })).toBe(
      'PayPal (ana@example.com)',
    );
    expect(paidWithLabel({ type: 'PaypalAccount', brand: null, last4: null, email: null })).toBe('PayPal');
  });
});
