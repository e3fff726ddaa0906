import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { unfoldIcs } from '../../../domain/ics';
import { clearRateLimits, emailsTo } from '../../test/accounts';
import { API } from '../../test/api-expect';
import { booker, eventSlotAt, paidBooking, payOrder, type Booker } from '../../test/event-bookings';
import { createTestApp, type TestApp } from '../../test/harness';

// A booking's calendar entry follows it (issue 22 part 5; decision 29): the confirmation's .ics has a UID of
// its own booking; a move's receipt carries the entry again with the same UID and a higher SEQUENCE, so the
// calendar moves it; cancelling sends METHOD:CANCEL, STATUS:CANCELLED with that UID, so it is removed.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => clearRateLimits(t));
afterAll(() => t.close());

/** A property's value in a calendar file, unfolded. */
function property(ics: string, name: string): string | undefined {
  const line = unfoldIcs(ics)
    .split('\r\n')
    .find((l) => l.startsWith(`${name}:`));
  return line?.slice(name.length + 1);
}

async function calendars(b: Booker, template: string) {
  return (await emailsTo(t, b.email, template)).map((email) => {
    expect(email.attachments, `${template}: its calendar file`).toHaveLength(1);
    return email.attachments![0]!;
  });
}

const change = (b: Booker, orderId: string, body: object) =>
  b.visitor.post(`${API}/event_bookings/${orderId}/changes`, body);

describe('the calendar file of a booking', () => {
  test('moved, moved to a dearer date and paid, then cancelled: the same UID, SEQUENCE 1, 2, 3, then CANCEL', async () => {
    const b = await booker(t);
    const orderId = await paidBooking(t, b, await eventSlotAt(t, '2026-12-10T19:00:00Z'), { adults: 2 });
    const same = await eventSlotAt(t, '2026-12-17T19:00:00Z');
    const dearer = await eventSlotAt(t, '2026-12-19T19:00:00Z', { adultPrice: 7500 });

    const [confirmation] = await calendars(b, 'event_confirmation');
    const uid = property(confirmation!.content, 'UID')!;
    expect(uid).toMatch(/^event-booking-[0-9a-f-]+@sfoglia$/);
    expect(property(confirmation!.content, 'SEQUENCE')).toBe('0');
    // Another booking has its own UID; the booking's own calendar link gives the same one.
    const other = await booker(t);
    await paidBooking(t, other, await eventSlotAt(t, '2026-12-11T19:00:00Z'), { adults: 1 });
    const [theirs] = await calendars(other, 'event_confirmation');
    expect(property(theirs!.content, 'UID')).not.toBe(uid);
    const link = await b.visitor.get(`${API}/event_bookings/${orderId}/calendar.ics`);
    expect(property(String(link.body), 'UID')).toBe(uid);

    expect((await change(b, orderId, { kind: 'move', slot_id: same })).status).toBe(200);
    t.clock.advance(60_000);
    const up = await change(b, orderId, { kind: 'move', slot_id: dearer });
    await payOrder(b, up.body.meta.pay_order_id);
    t.clock.advance(60_000);
    expect((await change(b, orderId, { kind: 'cancel' })).status).toBe(200);

    const receipts = await emailsTo(t, b.email, 'event_change');
    expect(receipts).toHaveLength(3);
    const [moved, movedAgain, cancelled] = receipts.map((receipt) => receipt.attachments![0]!);
    expect(property(moved!.content, 'UID')).toBe(uid);
    expect(property(moved!.content, 'SEQUENCE')).toBe('1');
    expect(property(moved!.content, 'DTSTART')).toBe('20261217T190000Z');
    expect(moved!.contentType).toContain('method=PUBLISH');
    expect(receipts[0]!.text).toContain('The calendar file attached moves the event in your calendar.');
    expect(property(movedAgain!.content, 'UID')).toBe(uid);
    expect(property(movedAgain!.content, 'SEQUENCE')).toBe('2');
    expect(property(movedAgain!.content, 'DTSTART')).toBe('20261219T190000Z');
    expect(property(cancelled!.content, 'UID')).toBe(uid);
    expect(property(cancelled!.content, 'SEQUENCE')).toBe('3');
    expect(property(cancelled!.content, 'METHOD')).toBe('CANCEL');
    expect(property(cancelled!.content, 'STATUS')).toBe('CANCELLED');
    expect(cancelled!.contentType).toContain('method=CANCEL');
    expect(receipts[2]!.text).toContain('takes the event out of your calendar');
  });

  test('fewer guests: the receipt has no calendar file', async () => {
    const b = await booker(t);
    const orderId = await paidBooking(t, b, await eventSlotAt(t, '2026-12-12T19:00:00Z'), { adults: 2 });
    expect((await change(b, orderId, { kind: 'guests', adults: 1 })).status).toBe(200);
    const [receipt] = await emailsTo(t, b.email, 'event_change');
    expect(receipt!.attachments ?? []).toEqual([]);
  });
});
