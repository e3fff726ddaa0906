import { describe, expect, it } from 'vitest';
import { sittingLabel } from './events-format';

describe('sittingLabel', () => {
  it('writes a winter sitting in London time (GMT)', () => {
    expect(sittingLabel({ startsAt: '2026-12-05T18:30:00.000Z', endsAt: '2026-12-05T21:00:00.000Z' })).toBe(
      'Sat 5 Dec, 18:30–21:00',
    );
  });

  it('writes a summer sitting in London time (BST), on the London day', () => {
    expect(sittingLabel({ startsAt: '2027-06-12T09:00:00.000Z', endsAt: '2027-06-12T11:00:00.000Z' })).toBe(
      'Sat 12 Jun, 10:00–12:00',
    );
    expect(sittingLabel({ startsAt: '2027-06-12T23:30:00.000Z', endsAt: '2027-06-13T01:00:00.000Z' })).toBe(
      'Sun 13 Jun, 00:30–02:00',
    );
  });
});
