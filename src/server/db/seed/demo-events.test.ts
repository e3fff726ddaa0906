import { afterAll, beforeAll, expect, test } from 'vitest';
import { count, gt } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_NOW } from '../../test/test-clock';
import { eventSlots, eventTemplates, eventUpgrades } from '../schema/events';
import { demoEventSlots, seedEvents } from './demo-events';

// The demo events are seeded at every start like the menu: a later start tops the ten weeks up from its own
// day and never doubles a sitting, whichever database.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const total = async (table: typeof eventSlots | typeof eventTemplates | typeof eventUpgrades) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;

test('seeding again, a week later, adds only the new week’s sittings', async () => {
  const before = await total(eventSlots);
  expect(before).toBe(demoEventSlots(TEST_NOW).length);
  await t.database.db.transaction((tx) => seedEvents(tx, TEST_NOW));
  expect(await total(eventSlots)).toBe(before);

  const weekLater = new Date(TEST_NOW.getTime() + 7 * 86_400_000);
  await t.database.db.transaction((tx) => seedEvents(tx, weekLater));
  const ids = new Set([...demoEventSlots(TEST_NOW), ...demoEventSlots(weekLater)].map((slot) => slot.id));
  expect(await total(eventSlots)).toBe(ids.size);
  expect(await total(eventTemplates)).toBe(3);
  expect(await total(eventUpgrades)).toBe(7);
  // Every sitting is at 10:00 or 19:00 London time.
  const later = await t.database.db.select().from(eventSlots).where(gt(eventSlots.startsAt, TEST_NOW));
  const hours = new Set(
    later.map((slot) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/London',
        hour: '2-digit',
        minute: '2-digit',
      }).format(slot.startsAt),
    ),
  );
  expect([...hours].sort()).toEqual(['10:00', '19:00']);
});
