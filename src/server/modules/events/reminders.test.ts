import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { eventBookings } from '../../db/schema/events';
import { JOB } from '../../jobs/shop-jobs';
import type { RunningJobs } from '../../jobs/start';
import { emailsTo } from '../../test/accounts';
import { API } from '../../test/api-expect';
import { booker, eventSlotAt, formKeyOf, paidBooking } from '../../test/event-bookings';
import { createTestApp, type TestApp } from '../../test/harness';
import { startTestJobs } from '../../test/takeaway';
import { TEST_NOW } from '../../test/test-clock';

// The `events-remind` job (issue 22 parts 3 and 5) on the shop's clock: three London days before, the holder
// of a booking with guests still to answer gets the form's link and who has answered; the day before, the
// address and what to bring. Each once, however many passes run.

let t: TestApp;
let running: RunningJobs;
beforeAll(async () => {
  t = await createTestApp();
  running = await startTestJobs(t);
});
afterEach(() => t.clock.set(TEST_NOW));
afterAll(async () => {
  await running.stop();
  await t.close();
});

async function runJob(): Promise<void> {
  await running.jobs.send(JOB.remindEvents);
  expect(await running.jobs.runDue(JOB.remindEvents)).toBe(1);
}

describe('events-remind', () => {
  test('the dietary reminder 3 days before (only with answers missing), the day-before reminder; each once', async () => {
    // Saturday 28 November 2026, 10:00 (GMT): three London days before is Wednesday 25 November, 10:00.
    const startsAt = '2026-11-28T10:00:00Z';
    const ada = await booker(t);
    const missing = await paidBooking(t, ada, await eventSlotAt(t, startsAt), { adults: 3 });
    const key = await formKeyOf(t, missing);
    await t
      .visitor()
      .post(`${API}/event_guests`, { order_id: missing, key, name: 'Bea', allergens: ['gluten'], diets: [] });
    const bo = await booker(t);
    const answered = await paidBooking(t, bo, await eventSlotAt(t, startsAt), { adults: 1 });
    await bo.visitor.post(`${API}/event_guests`, {
      order_id: answered,
      name: 'Bo',
      allergens: [],
      diets: [],
    });

    t.clock.set(new Date('2026-11-25T09:59:00Z'));
    await runJob();
    expect(await emailsTo(t, ada.email, 'event_dietary_reminder')).toEqual([]);

    t.clock.set(new Date('2026-11-25T10:00:00Z'));
    await runJob();
    await runJob();
    const [reminder, ...more] = await emailsTo(t, ada.email, 'event_dietary_reminder');
    expect(more).toEqual([]);
    expect(reminder!.text).toContain('2 guests have not told us about allergies or diets yet');
    expect(reminder!.text).toContain('Answered so far: Bea.');
    expect(reminder!.text).toContain(`/events/dietary-form/${missing}?key=${key}`);
    expect(await emailsTo(t, bo.email, 'event_dietary_reminder')).toEqual([]);
    const [row] = await t.database.db.select().from(eventBookings).where(eq(eventBookings.orderId, missing));
    expect(row!.dietaryRemindedAt).toEqual(new Date('2026-11-25T10:00:00Z'));
    expect(row!.remindedAt).toBeNull();

    // The day before, 10:00 on Friday 27 November: both holders, once each.
    t.clock.set(new Date('2026-11-27T10:15:00Z'));
    await runJob();
    await runJob();
    for (const who of [ada, bo]) {
      const sent = await emailsTo(t, who.email, 'event_reminder');
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toBe('See you tomorrow: Fresh pasta class');
      expect(sent[0]!.text).toContain('Sfoglia Soho');
      expect(sent[0]!.text).toContain('Please bring: Long hair tied back');
    }
    expect(await emailsTo(t, ada.email, 'event_dietary_reminder')).toHaveLength(1);
  });

  test('the day before a class after the clocks go forward: 7pm BST on Saturday 27 March 2027 for a Sunday class', async () => {
    // Sunday 28 March 2027 at 7pm BST (18:00 UTC); the day before is Saturday at 7pm GMT (19:00 UTC).
    const ada = await booker(t);
    await paidBooking(t, ada, await eventSlotAt(t, '2027-03-28T18:00:00Z'), { adults: 1 });
    t.clock.set(new Date('2027-03-27T18:30:00Z'));
    await runJob();
    expect(await emailsTo(t, ada.email, 'event_reminder')).toEqual([]);
    t.clock.set(new Date('2027-03-27T19:00:00Z'));
    await runJob();
    expect(await emailsTo(t, ada.email, 'event_reminder')).toHaveLength(1);
  });

  test('late bookings: confirmed within a day of the dietary reminder, or less than a day before, are not reminded', async () => {
    // Saturday 5 December 2026, 10:00 (GMT): the dietary reminder is due at 10:00 on Wednesday 2 December.
    const startsAt = '2026-12-05T10:00:00Z';
    const slotId = await eventSlotAt(t, startsAt);
    const bookedAt = async (iso: string) => {
      t.clock.set(new Date(iso));
      const who = await booker(t);
      await paidBooking(t, who, slotId, { adults: 2 });
      return who;
    };
    const early = await bookedAt('2026-11-30T09:00:00Z'); // 2 days before the dietary reminder
    const dayBefore = await bookedAt('2026-12-01T11:00:00Z'); // 23 hours before it
    const late = await bookedAt('2026-12-03T09:00:00Z'); // after it, 2 days before the start
    const lastMinute = await bookedAt('2026-12-04T12:00:00Z'); // 22 hours before the start

    t.clock.set(new Date('2026-12-04T12:15:00Z'));
    await runJob();
    const dietary = async (who: { email: string }) =>
      (await emailsTo(t, who.email, 'event_dietary_reminder')).length;
    const dayBeforeSent = async (who: { email: string }) =>
      (await emailsTo(t, who.email, 'event_reminder')).length;
    expect(await dietary(early)).toBe(1);
    expect(await dietary(dayBefore)).toBe(0);
    expect(await dietary(late)).toBe(0);
    expect(await dietary(lastMinute)).toBe(0);
    // The day before (10:00 on Friday 4 December has passed): all but the booking made 22 hours before.
    expect(await dayBeforeSent(early)).toBe(1);
    expect(await dayBeforeSent(dayBefore)).toBe(1);
    expect(await dayBeforeSent(late)).toBe(1);
    expect(await dayBeforeSent(lastMinute)).toBe(0);
    // Marked done, never sent later.
    await runJob();
    expect(await dayBeforeSent(lastMinute)).toBe(0);
    expect(await dietary(late)).toBe(0);
  });
});
