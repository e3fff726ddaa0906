import { describe, expect, test } from 'vitest';
import {
  awaitsPayment,
  driverPollInterval,
  followsRider,
  milesText,
  orderPollInterval,
  isTrackingKey,
  riderProgress,
  trackingHeading,
  trackingSteps,
  type DriverLocation,
} from './tracking';

// The tracking page's rules: the steps with their times, polling, and the rider's progress.

const none = {
  paidAt: null,
  acceptedAt: null,
  readyAt: null,
  outForDeliveryAt: null,
  deliveredAt: null,
  rejectedAt: null,
};

describe('the steps', () => {
  test('a delivery being prepared: paid and accepted done, ready under way', () => {
    const steps = trackingSteps({
      ...none,
      state: 'accepted',
      fulfillmentType: 'delivery',
      paidAt: '2026-11-18T12:30:00.000Z',
      acceptedAt: '2026-11-18T12:32:00.000Z',
    });
    expect(steps.map((s) => [s.label, s.done, s.current])).toEqual([
      ['Paid', true, false],
      ['Accepted by the kitchen', true, false],
      ['Ready for the rider', false, true],
      ['Out for delivery', false, false],
      ['Delivered', false, false],
    ]);
    expect(steps[1]!.at).toBe('2026-11-18T12:32:00.000Z');
  });

  test('sent out without being marked ready: ready counts as done', () => {
    const steps = trackingSteps({
      ...none,
      state: 'shipped',
      fulfillmentType: 'delivery',
      paidAt: 'a',
      acceptedAt: 'b',
      outForDeliveryAt: 'c',
    });
    expect(steps.map((s) => s.done)).toEqual([true, true, true, true, false]);
    expect(steps.find((s) => s.current)?.key).toBe('done');
    expect(steps[2]!.at).toBeNull();
  });

  test('a collection has no rider: ready to collect, then collected; not accepted yet says so', () => {
    const steps = trackingSteps({ ...none, state: 'submitted', fulfillmentType: 'pickup', paidAt: 'a' });
    expect(steps.map((s) => s.label)).toEqual([
      'Paid',
      'Waiting for the restaurant to accept',
      'Ready to collect',
      'Collected',
    ]);
    expect(steps.find((s) => s.current)?.key).toBe('accepted');
  });

  test('rejected: nothing is under way', () => {
    const steps = trackingSteps({
      ...none,
      state: 'dropped',
      fulfillmentType: 'delivery',
      paidAt: 'a',
      rejectedAt: 'b',
    });
    expect(steps.some((s) => s.current)).toBe(false);
  });
});

describe('the heading', () => {
  test('turned down says what happened to the order and the money, never its spec label', () => {
    const label = 'Is being prepared';
    expect(trackingHeading({ state: 'dropped', stateLabel: label, refunded: true })).toBe(
      'Cancelled and refunded',
    );
    expect(trackingHeading({ state: 'dropped', stateLabel: label, refunded: false })).toBe(
      'Cancelled: refund on its way',
    );
    expect(trackingHeading({ state: 'cancelled', stateLabel: label, refunded: false })).toBe('Cancelled');
    expect(
      trackingHeading({ state: 'submitted', stateLabel: 'Waiting for the restaurant', refunded: false }),
    ).toBe('Waiting for the restaurant');
  });

  test('a link’s key is 32 hex digits; an order’s id is not one', () => {
    expect(isTrackingKey('0123456789abcdef0123456789abcdef')).toBe(true);
    expect(isTrackingKey('3f0c1a52-7b8e-4c1d-9a2e-1b2c3d4e5f60')).toBe(false);
    expect(isTrackingKey('0123456789ABCDEF0123456789ABCDEF')).toBe(false);
  });
});

describe('asking again', () => {
  test('the order every 10 s until it is delivered or dropped', () => {
    expect(orderPollInterval(undefined)).toBe(10_000);
    expect(orderPollInterval({ state: 'submitted' })).toBe(10_000);
    expect(orderPollInterval({ state: 'shipped' })).toBe(10_000);
    expect(orderPollInterval({ state: 'delivered' })).toBe(false);
    expect(orderPollInterval({ state: 'dropped' })).toBe(false);
  });

  test('the rider every 5 s while out, not once handed over', () => {
    const order = { state: 'shipped', fulfillmentType: 'delivery' as const, driverTrackable: true };
    expect(followsRider(order)).toBe(true);
    expect(followsRider({ ...order, state: 'packed' })).toBe(false);
    expect(followsRider({ ...order, fulfillmentType: 'pickup' })).toBe(false);
    expect(followsRider({ ...order, driverTrackable: false })).toBe(false);
    expect(driverPollInterval(undefined)).toBe(5_000);
    expect(driverPollInterval({ status: 'to_dropoff' })).toBe(5_000);
    expect(driverPollInterval({ status: 'delivered' })).toBe(false);
  });

  test('an order not paid (or whose payment failed) offers to pay', () => {
    expect(awaitsPayment({ state: 'payment_pending', payable: true })).toBe(true);
    expect(awaitsPayment({ state: 'created', payable: true })).toBe(true);
    expect(awaitsPayment({ state: 'submitted', payable: false })).toBe(false);
  });
});

describe('the rider’s progress', () => {
  const soho = { lat: 51.509576, lon: -0.132015 };
  const downing = { lat: 51.503541, lon: -0.12767 };
  const driver = (extra: Partial<DriverLocation>): DriverLocation => ({
    status: 'to_dropoff',
    lat: null,
    lon: null,
    bearing: null,
    riderName: 'Marco',
    etaAt: '2026-11-18T13:10:00.000Z',
    milesToGo: null,
    pickup: soho,
    dropoff: downing,
    progress: 0,
    updatedAt: '2026-11-18T13:00:00.000Z',
    ...extra,
  });

  test('as far along as the shop measured it; at the door once delivered', () => {
    expect(riderProgress(driver({ progress: 0.5, milesToGo: 0.23 })).fraction).toBe(0.5);
    expect(riderProgress(driver({ progress: 1.4 })).fraction).toBe(1);
    expect(riderProgress(driver({ status: 'delivered', milesToGo: null }))).toMatchObject({
      fraction: 1,
      milesToGo: 0,
    });
    expect(riderProgress(driver({ status: 'not_dispatched' })).fraction).toBe(0);
  });

  test('miles as people say them', () => {
    expect(milesText(1.23)).toBe('1.2 miles');
    expect(milesText(1)).toBe('1 mile');
    expect(milesText(0.04)).toBe('0 miles');
  });
});
