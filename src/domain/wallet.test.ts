import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  allocateReturn,
  allocateSpend,
  compareSpendOrder,
  CREDIT_SOURCES,
  creditExpiresAt,
  creditSourceOf,
  daysLeft,
  DEFAULT_CREDIT_EXPIRY,
  expiredLots,
  expiresInLabel,
  expiringWithin,
  lastDayOf,
  nextExpiry,
  type CreditLot,
} from './wallet';

// One wallet's rules (issue 23 part 4, decision 30): where credit comes from and when it expires, spending
// oldest-expiring first, credit coming back to the lots it was taken from, and which lots are due a reminder
// or have expired.

const DAY = 86_400_000;
const NOW = new Date('2026-11-18T10:00:00Z');

/** Lots around NOW: some expired, some soon, some later, some never; a few share an expiry. */
const lotArb = fc.record({
  remaining: fc.integer({ min: 0, max: 20_000 }),
  expiresAt: fc.option(
    fc.integer({ min: -30, max: 400 }).map((days) => new Date(NOW.getTime() + days * DAY)),
    { nil: null },
  ),
  createdAt: fc.integer({ min: 0, max: 400 }).map((days) => new Date(NOW.getTime() - days * DAY)),
});
const lotsArb = fc
  .array(lotArb, { maxLength: 12 })
  .map((lots): CreditLot[] => lots.map((lot, i) => ({ ...lot, id: `lot-${String(i).padStart(2, '0')}` })));

const live = (lots: readonly CreditLot[], now = NOW) =>
  lots.filter((lot) => lot.remaining > 0 && (!lot.expiresAt || lot.expiresAt > now));
const liveTotal = (lots: readonly CreditLot[]) => live(lots).reduce((sum, lot) => sum + lot.remaining, 0);

describe('sources and expiry', () => {
  test('every reason the shop writes has a source; unknown reasons are credit that never expires', () => {
    expect(creditSourceOf('credit_voucher')).toBe('credit_voucher');
    expect(creditSourceOf('referral')).toBe('referral');
    expect(creditSourceOf('late_delivery')).toBe('late_delivery');
    expect(creditSourceOf('event_refund')).toBe('event_change');
    expect(creditSourceOf('payment_failed')).toBe('payment_failed');
    expect(creditSourceOf('something_new')).toBe('legacy');
    for (const source of CREDIT_SOURCES) expect(creditSourceOf(source)).toBe(source);
  });

  test('what the shop gave lasts a year (late delivery six months); money the customer paid never expires', () => {
    const granted = new Date('2026-11-18T10:00:00Z');
    // Spendable all of 18 November 2027: gone at midnight London time.
    expect(creditExpiresAt('credit_voucher', granted)).toEqual(new Date('2027-11-19T00:00:00Z'));
    expect(lastDayOf(creditExpiresAt('credit_voucher', granted)!)).toBe('2027-11-18');
    expect(lastDayOf(creditExpiresAt('late_delivery', granted)!)).toBe('2027-05-17');
    for (const source of ['refund', 'event_change', 'payment_failed', 'legacy'] as const)
      expect(creditExpiresAt(source, granted)).toBeNull();
  });

  test('expiry ends a London day in summer time too, and a grant late in the evening counts its own day', () => {
    // 11:30pm on 31 March 2027 in London (BST) is 22:30 UTC.
    const granted = new Date('2027-03-31T22:30:00Z');
    const expires = creditExpiresAt('credit_voucher', granted)!;
    expect(lastDayOf(expires)).toBe('2028-03-30');
    // The midnight that ends 30 March 2028 is in summer time (BST from Sunday 26 March): 23:00 UTC.
    expect(expires).toEqual(new Date('2028-03-30T23:00:00Z'));
    expect(lastDayOf(creditExpiresAt('late_delivery', granted, DEFAULT_CREDIT_EXPIRY)!)).toBe('2027-09-27');
  });

  test('days left and their words count London days to the last day', () => {
    const expires = new Date('2026-12-13T00:00:00Z'); // spendable all of 12 December
    expect(daysLeft(expires, NOW)).toBe(24);
    expect(expiresInLabel(expires, NOW)).toBe('expires in 24 days');
    expect(expiresInLabel(expires, new Date('2026-12-11T23:59:00Z'))).toBe('expires tomorrow');
    expect(expiresInLabel(expires, new Date('2026-12-12T08:00:00Z'))).toBe('expires today');
  });
});

describe('spending oldest-expiring first', () => {
  test('a lot that expires sooner goes first; lots that never expire go last', () => {
    const lots: CreditLot[] = [
      { id: 'never', remaining: 500, expiresAt: null, createdAt: new Date('2026-01-01') },
      { id: 'later', remaining: 500, expiresAt: new Date('2027-06-01'), createdAt: new Date('2026-02-01') },
      { id: 'soon', remaining: 300, expiresAt: new Date('2026-12-01'), createdAt: new Date('2026-10-01') },
    ];
    expect(allocateSpend(lots, 1000, NOW)).toEqual([
      { lotId: 'soon', take: 300 },
      { lotId: 'later', take: 500 },
      { lotId: 'never', take: 200 },
    ]);
  });

  test('property: takes exactly the amount, never more than a lot holds, in expiry order, never an expired lot', () => {
    fc.assert(
      fc.property(
        lotsArb.chain((lots) => fc.tuple(fc.constant(lots), fc.integer({ min: 0, max: liveTotal(lots) }))),
        ([lots, amount]) => {
          const takes = allocateSpend(lots, amount, NOW);
          expect(takes.reduce((sum, { take }) => sum + take, 0)).toBe(amount);
          const byId = new Map(lots.map((lot) => [lot.id, lot]));
          expect(new Set(takes.map((t) => t.lotId)).size).toBe(takes.length);
          for (const { lotId, take } of takes) {
            const lot = byId.get(lotId)!;
            expect(take).toBeGreaterThan(0);
            expect(take).toBeLessThanOrEqual(lot.remaining);
            expect(lot.expiresAt === null || lot.expiresAt > NOW).toBe(true);
          }
          // In spend order, and every lot before the last one taken is emptied.
          const taken = takes.map((t) => byId.get(t.lotId)!);
          for (let i = 1; i < taken.length; i++)
            expect(compareSpendOrder(taken[i - 1]!, taken[i]!)).toBeLessThan(0);
          for (const { lotId, take } of takes.slice(0, -1)) expect(take).toBe(byId.get(lotId)!.remaining);
          // No live lot that expires sooner than one taken from was left with credit.
          const last = taken.at(-1);
          if (last)
            for (const lot of live(lots))
              if (compareSpendOrder(lot, last) < 0) expect(takes.some((t) => t.lotId === lot.id)).toBe(true);
        },
      ),
    );
  });

  test('property: more than the live lots hold is refused', () => {
    fc.assert(
      fc.property(lotsArb, fc.integer({ min: 1, max: 1000 }), (lots, extra) => {
        expect(() => allocateSpend(lots, liveTotal(lots) + extra, NOW)).toThrow(RangeError);
      }),
    );
  });
});

describe('credit coming back', () => {
  test('property: each lot gets back at most what was taken from it, and the rest is unplaced', () => {
    fc.assert(
      fc.property(
        lotsArb.chain((lots) =>
          fc.tuple(
            fc.constant(lots),
            fc.integer({ min: 0, max: liveTotal(lots) }),
            fc.integer({ min: 0, max: 50_000 }),
          ),
        ),
        ([lots, amount, back]) => {
          const taken = allocateSpend(lots, amount, NOW);
          const { back: gives, unplaced } = allocateReturn(taken, back);
          const takenBy = new Map(taken.map((t) => [t.lotId, t.take]));
          for (const { lotId, give } of gives) {
            expect(give).toBeGreaterThan(0);
            expect(give).toBeLessThanOrEqual(takenBy.get(lotId)!);
          }
          expect(gives.reduce((sum, { give }) => sum + give, 0) + unplaced).toBe(back);
          expect(unplaced).toBe(Math.max(0, back - amount));
        },
      ),
    );
  });

  test('what was spent, all given back, restores every lot', () => {
    fc.assert(
      fc.property(
        lotsArb.chain((lots) => fc.tuple(fc.constant(lots), fc.integer({ min: 0, max: liveTotal(lots) }))),
        ([lots, amount]) => {
          const taken = allocateSpend(lots, amount, NOW);
          const { back, unplaced } = allocateReturn(taken, amount);
          expect(unplaced).toBe(0);
          expect(new Map(back.map((b) => [b.lotId, b.give]))).toEqual(
            new Map(taken.map((t) => [t.lotId, t.take])),
          );
        },
      ),
    );
  });
});

describe('reminders and expiry', () => {
  test('property: expiring soon, expired, and the rest partition the lots with credit left', () => {
    fc.assert(
      fc.property(lotsArb, fc.integer({ min: 1, max: 60 }), (lots, days) => {
        const soon = expiringWithin(lots, NOW, days);
        const gone = expiredLots(lots, NOW);
        const withCredit = lots.filter((lot) => lot.remaining > 0);
        expect(soon.filter((lot) => gone.includes(lot))).toEqual([]);
        for (const lot of withCredit) {
          const expected = !lot.expiresAt
            ? 'later'
            : lot.expiresAt <= NOW
              ? 'gone'
              : lot.expiresAt.getTime() <= NOW.getTime() + days * DAY
                ? 'soon'
                : 'later';
          expect(soon.includes(lot) ? 'soon' : gone.includes(lot) ? 'gone' : 'later').toBe(expected);
        }
        for (const lot of [...soon, ...gone]) expect(lot.remaining).toBeGreaterThan(0);
      }),
    );
  });

  test('property: what expires next is the soonest live last day and all the credit ending that day', () => {
    fc.assert(
      fc.property(lotsArb, (lots) => {
        const next = nextExpiry(lots, NOW);
        const dated = live(lots).filter((lot) => lot.expiresAt);
        if (dated.length === 0) {
          expect(next).toBeNull();
          return;
        }
        const days = dated.map((lot) => lastDayOf(lot.expiresAt!)).sort();
        expect(next!.lastDay).toBe(days[0]);
        expect(next!.amount).toBe(
          dated
            .filter((lot) => lastDayOf(lot.expiresAt!) === days[0])
            .reduce((sum, lot) => sum + lot.remaining, 0),
        );
      }),
    );
  });
});
