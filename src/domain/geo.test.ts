import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  bearing,
  EARTH_RADIUS_MILES,
  fractionAlong,
  isLatLon,
  milesBetween,
  pointAlong,
  roundMiles,
  type LatLon,
} from './geo';

// Distances in miles on an earth of radius 3959 (spec §9), and a rider's point along the way.

const UK = fc.record({
  lat: fc.double({ min: 49.8, max: 60.9, noNaN: true }),
  lon: fc.double({ min: -8.6, max: 1.8, noNaN: true }),
});

describe('milesBetween', () => {
  test('known distances: Soho to Islington, London to Brighton, a degree of latitude', () => {
    const soho = { lat: 51.509576, lon: -0.132015 };
    const upperStreet = { lat: 51.54273, lon: -0.103582 };
    expect(milesBetween(soho, upperStreet)).toBeCloseTo(2.6, 1);
    const brighton = { lat: 50.822228, lon: -0.138461 };
    expect(milesBetween(soho, brighton)).toBeCloseTo(47.5, 0);
    // One degree of latitude is 2πR/360 miles on this earth.
    expect(milesBetween({ lat: 51, lon: 0 }, { lat: 52, lon: 0 })).toBeCloseTo(
      (2 * Math.PI * EARTH_RADIUS_MILES) / 360,
      6,
    );
  });

  test('is zero to itself, symmetric, and keeps the triangle inequality', () => {
    fc.assert(
      fc.property(UK, UK, UK, (a, b, c) => {
        expect(milesBetween(a, a)).toBe(0);
        expect(milesBetween(a, b)).toBeCloseTo(milesBetween(b, a), 9);
        expect(milesBetween(a, c)).toBeLessThanOrEqual(milesBetween(a, b) + milesBetween(b, c) + 1e-9);
      }),
    );
  });

  test('never more than half the way round the earth', () => {
    fc.assert(
      fc.property(
        fc.record({
          lat: fc.double({ min: -90, max: 90, noNaN: true }),
          lon: fc.double({ min: -180, max: 180, noNaN: true }),
        }),
        fc.record({
          lat: fc.double({ min: -90, max: 90, noNaN: true }),
          lon: fc.double({ min: -180, max: 180, noNaN: true }),
        }),
        (a, b) => {
          const d = milesBetween(a, b);
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThanOrEqual(Math.PI * EARTH_RADIUS_MILES + 1e-6);
        },
      ),
    );
  });

  test('roundMiles keeps one decimal place', () => {
    expect(roundMiles(2.649)).toBe(2.6);
    expect(roundMiles(2.65)).toBe(2.7);
    expect(roundMiles(0)).toBe(0);
  });
});

describe('pointAlong', () => {
  test('starts at a, ends at b, and is the share of the way it says', () => {
    fc.assert(
      fc.property(UK, UK, fc.double({ min: 0, max: 1, noNaN: true }), (a: LatLon, b: LatLon, f: number) => {
        const start = pointAlong(a, b, 0);
        const end = pointAlong(a, b, 1);
        expect(milesBetween(start, a)).toBeLessThan(1e-6);
        expect(milesBetween(end, b)).toBeLessThan(1e-6);
        const p = pointAlong(a, b, f);
        const total = milesBetween(a, b);
        expect(milesBetween(a, p)).toBeCloseTo(total * f, 4);
        expect(milesBetween(p, b)).toBeCloseTo(total * (1 - f), 4);
      }),
    );
  });

  test('a share outside 0…1 stays at the ends', () => {
    const a = { lat: 51.5, lon: -0.1 };
    const b = { lat: 51.6, lon: -0.2 };
    expect(pointAlong(a, b, -1)).toEqual(pointAlong(a, b, 0));
    expect(pointAlong(a, b, 2)).toEqual(pointAlong(a, b, 1));
  });
});

describe('fractionAlong', () => {
  test('a rider at pointAlong(f) is f of the way; too far or past the door stays within 0…1', () => {
    fc.assert(
      fc.property(UK, UK, fc.double({ min: 0, max: 1, noNaN: true }), (a: LatLon, b: LatLon, f: number) => {
        fc.pre(milesBetween(a, b) > 0.01);
        expect(fractionAlong(a, b, milesBetween(pointAlong(a, b, f), b))).toBeCloseTo(f, 4);
      }),
    );
    const soho = { lat: 51.509576, lon: -0.132015 };
    const downing = { lat: 51.503541, lon: -0.12767 };
    expect(fractionAlong(soho, downing, 5)).toBe(0);
    expect(fractionAlong(soho, soho, 0)).toBe(1);
  });
});

describe('bearing and coordinates', () => {
  test('north is 0, east 90, south 180, west 270', () => {
    const here = { lat: 51.5, lon: 0 };
    expect(bearing(here, { lat: 51.6, lon: 0 })).toBeCloseTo(0, 6);
    expect(bearing(here, { lat: 51.5, lon: 0.1 })).toBeCloseTo(90, 0);
    expect(bearing(here, { lat: 51.4, lon: 0 })).toBeCloseTo(180, 6);
    expect(bearing(here, { lat: 51.5, lon: -0.1 })).toBeCloseTo(270, 0);
  });

  test('isLatLon takes finite degrees in range only', () => {
    expect(isLatLon({ lat: 51.5, lon: -0.1 })).toBe(true);
    expect(isLatLon({ lat: 91, lon: 0 })).toBe(false);
    expect(isLatLon({ lat: 0, lon: 181 })).toBe(false);
    expect(isLatLon({ lat: Number.NaN, lon: 0 })).toBe(false);
    expect(isLatLon({ lat: '51', lon: 0 })).toBe(false);
  });
});
