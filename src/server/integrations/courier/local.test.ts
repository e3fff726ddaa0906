import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { milesBetween } from '../../../domain/geo';
import { FixedClock } from '../../clock';
import { createTestApp, type TestApp } from '../../test/harness';
import { EmbeddedCourier, MIN_RIDE_MINUTES, rideMinutes } from './local';
import { CourierError, type DeliveryRequest } from './port';

// The embedded courier: a rider leaves the restaurant when asked and rides to the door on the shop's clock.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SOHO = { lat: 51.509576, lon: -0.132015 };
const DOWNING_STREET = { lat: 51.503541, lon: -0.12767 };
const request = (externalId: string): DeliveryRequest => ({
  externalId,
  pickup: {
    name: 'Sfoglia Soho',
    address: '52 Dean Street, London, W1D 3GN',
    phone: '+442079460101',
    ...SOHO,
  },
  dropoff: {
    name: 'Ada',
    address: '10 Downing Street, London, SW1A 2AA',
    phone: '+447911123456',
    notes: null,
    ...DOWNING_STREET,
  },
  items: [{ name: 'Cacio e Pepe', quantity: 1 }],
  readyAt: new Date('2026-11-18T12:50:00Z'),
});

describe('the embedded courier', () => {
  test('the rider moves from the restaurant to the door as the clock runs, and is delivered on arrival', async () => {
    const clock = new FixedClock(new Date('2026-11-18T12:50:00Z'));
    const courier = new EmbeddedCourier(t.database.db, clock);
    const made = await courier.createDelivery(request('order-ride'));
    const minutes = rideMinutes(SOHO, DOWNING_STREET);
    expect(minutes).toBeGreaterThanOrEqual(MIN_RIDE_MINUTES);
    expect(made).toMatchObject({
      status: 'dropoff',
      pickup: SOHO,
      dropoff: DOWNING_STREET,
      deliveredAt: null,
    });
    expect(made.rider!.lat).toBeCloseTo(SOHO.lat, 9);
    expect(made.dropoffEta).toEqual(new Date(clock.now().getTime() + minutes * 60_000));

    const total = milesBetween(SOHO, DOWNING_STREET);
    let left = total;
    for (let minute = 1; minute < minutes; minute++) {
      clock.advance(60_000);
      const now = await courier.getDelivery(made.id);
      expect(now.status).toBe('dropoff');
      const toGo = milesBetween({ lat: now.rider!.lat!, lon: now.rider!.lon! }, DOWNING_STREET);
      expect(toGo).toBeLessThan(left);
      left = toGo;
    }
    clock.advance(60_000);
    const there = await courier.getDelivery(made.id);
    expect(there).toMatchObject({
      status: 'delivered',
      rider: { lat: DOWNING_STREET.lat, lon: DOWNING_STREET.lon },
    });
    expect(there.deliveredAt).toEqual(made.dropoffEta);
    await expect(courier.cancelDelivery(made.id)).rejects.toMatchObject({
      code: 'delivery_already_completed',
    });
  });

  test('the same order asked twice is one delivery; a cancelled one stops; an unknown id is not found', async () => {
    const clock = new FixedClock(new Date('2026-11-18T13:00:00Z'));
    const courier = new EmbeddedCourier(t.database.db, clock);
    const [a, b] = await Promise.all([
      courier.createDelivery(request('order-twice')),
      courier.createDelivery(request('order-twice')),
    ]);
    expect(a.id).toBe(b.id);
    clock.advance(60_000);
    const cancelled = await courier.cancelDelivery(a.id);
    expect(cancelled).toMatchObject({ status: 'canceled', rider: null });
    clock.advance(60 * 60_000);
    expect((await courier.getDelivery(a.id)).status).toBe('canceled');
    await expect(courier.getDelivery('del_nothing')).rejects.toBeInstanceOf(CourierError);
  });
});
