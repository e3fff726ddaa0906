import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { eventSlots } from '../../db/schema/events';
import { API, expectError } from '../../test/api-expect';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_NOW } from '../../test/test-clock';

// What is on (spec §7 Events, every GET), public, on the demo events seeded at TEST_NOW (Wed 18 Nov 2026):
// a fresh-pasta class (Soho on Thursdays, Islington on alternate Tuesdays), the supper club (Borough on
// Fridays, £10 more on Saturdays) and the kids' ravioli morning (Islington on Saturdays, Soho on alternate
// Sundays), ten weeks ahead.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const visitor = () => t.visitor();

describe('GET /event_templates and /event_templates/{id}', () => {
  test('the three events, each with its lowest price, next date, slots and the refund rule', async () => {
    const res = await visitor().get(`${API}/event_templates`);
    expect(res.status).toBe(200);
    const ids = res.body.data.map((item: { id: string }) => item.id);
    expect(ids).toEqual(['fresh-pasta-class', 'supper-club', 'kids-ravioli-morning']);
    const supper = res.body.data[1].attributes;
    expect(supper).toMatchObject({
      theme: 'supper_club',
      theme_label: 'Supper club',
      adult_price: 5500,
      child_price: null,
      from_price: 5500,
      max_guests: 8,
    });
    expect(supper.upcoming_slots).toBeGreaterThan(10);
    expect(new Date(supper.next_starts_at).getTime()).toBeGreaterThan(TEST_NOW.getTime());
    expect(supper.refund_rule).toContain('14 days before');
    const kids = res.body.data[2].attributes;
    expect(kids).toMatchObject({
      child_price: 2000,
      adult_price: 1000,
      child_note: 'Children 5 to 12, each with an adult',
    });
    expect(kids.images[0]).toMatch(/^\/media\/\d+\.svg$/);
    // The pictures load.
    const picture = await visitor().get(kids.images[0]);
    expect(picture.status).toBe(200);
    expect(String(picture.headers['content-type'])).toContain('image/svg+xml');
  });

  test('one event; an unknown one is EVENT_NOT_FOUND', async () => {
    const res = await visitor().get(`${API}/event_templates/fresh-pasta-class`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 'fresh-pasta-class', type: 'event_templates' });
    expect(res.body.data.attributes.included.length).toBeGreaterThan(0);
    expect(res.body.data.attributes.bring.length).toBeGreaterThan(0);
    expectError(await visitor().get(`${API}/event_templates/no-such-event`), 404, 'EVENT_NOT_FOUND');
  });
});

describe('GET /event_locations and /event_slot_filter_options', () => {
  test('the restaurants hosting upcoming slots, by name', async () => {
    const res = await visitor().get(`${API}/event_locations`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((item: { id: string }) => item.id)).toEqual(['borough', 'islington', 'soho']);
    expect(res.body.data[2].attributes).toMatchObject({ name: 'Sfoglia Soho', city: 'London' });
  });

  test('what the slots can be filtered by', async () => {
    const res = await visitor().get(`${API}/event_slot_filter_options`);
    expect(res.status).toBe(200);
    const options = res.body.data.attributes;
    expect(options.locations.map((option: { value: string }) => option.value)).toEqual([
      'borough',
      'islington',
      'soho',
    ]);
    expect(options.themes).toEqual([
      { value: 'class', label: 'Pasta class' },
      { value: 'supper_club', label: 'Supper club' },
      { value: 'kids', label: "Kids' morning" },
    ]);
    expect(options.months[0]).toEqual({ value: '2026-11', label: 'November 2026' });
    expect(options.months.map((month: { value: string }) => month.value)).toContain('2027-01');
    expect(options.seats).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('GET /event_slots and /event_slots/{id}', () => {
  test('upcoming slots, soonest first, with seats left and London labels', async () => {
    const res = await visitor().get(`${API}/event_slots`);
    expect(res.status).toBe(200);
    const starts = res.body.data.map(
      (slot: { attributes: { starts_at: string } }) => slot.attributes.starts_at,
    );
    expect([...starts].sort()).toEqual(starts);
    expect(new Date(starts[0]).getTime()).toBeGreaterThan(TEST_NOW.getTime());
    // Thursday 19 November, 7pm at Soho: the first class.
    const first = res.body.data.find(
      (slot: { attributes: { template_id: string } }) => slot.attributes.template_id === 'fresh-pasta-class',
    );
    expect(first.attributes).toMatchObject({
      starts_at: '2026-11-19T19:00:00.000Z',
      location_id: 'soho',
      location_name: 'Sfoglia Soho',
      date_label: 'Thu 19 Nov',
      capacity: 12,
      seats_left: 12,
      adult_price: 6500,
      bookable: true,
      unavailable_reason: null,
    });
    expect(first.attributes.time_label).toContain('7pm');
  });

  test('slots within 3 to 14 days and beyond 14 days, in British Summer Time and GMT alike', async () => {
    const res = await visitor().get(`${API}/event_slots`);
    const days = res.body.data.map(
      (slot: { attributes: { starts_at: string } }) =>
        (new Date(slot.attributes.starts_at).getTime() - TEST_NOW.getTime()) / 86_400_000,
    );
    expect(days.some((d: number) => d >= 3 && d <= 14)).toBe(true);
    expect(days.some((d: number) => d > 14)).toBe(true);
    expect(Math.max(...days)).toBeLessThanOrEqual(71);
  });

  test('each filter narrows them', async () => {
    const all = (await visitor().get(`${API}/event_slots`)).body.data as {
      attributes: Record<string, unknown>;
    }[];
    const soho = await visitor().get(`${API}/event_slots?filter[location]=soho`);
    expect(soho.body.data.length).toBeGreaterThan(0);
    expect(soho.body.data.every((slot: any) => slot.attributes.location_id === 'soho')).toBe(true);

    const kids = await visitor().get(`${API}/event_slots?filter[theme]=kids`);
    expect(kids.body.data.every((slot: any) => slot.attributes.template_id === 'kids-ravioli-morning')).toBe(
      true,
    );

    const supper = await visitor().get(`${API}/event_slots?filter[template]=supper-club`);
    expect(supper.body.data.length).toBe(
      all.filter((s) => s.attributes.template_id === 'supper-club').length,
    );
    // Saturday sittings cost £10 more.
    const saturday = supper.body.data.find((slot: any) => slot.attributes.date_label.startsWith('Sat'));
    expect(saturday.attributes.adult_price).toBe(6500);

    const december = await visitor().get(`${API}/event_slots?filter[month]=2026-12`);
    expect(december.body.data.length).toBeGreaterThan(0);
    expect(december.body.data.every((slot: any) => /^2026-12/.test(slot.attributes.starts_at))).toBe(true);

    const combined = await visitor().get(`${API}/event_slots?filter[location]=islington&filter[theme]=class`);
    expect(combined.body.data.every((slot: any) => slot.attributes.location_id === 'islington')).toBe(true);

    const thirteen = await visitor().get(`${API}/event_slots?filter[seats]=13`);
    expect(thirteen.body.data.every((slot: any) => slot.attributes.seats_left >= 13)).toBe(true);
    expect(thirteen.body.data.length).toBeGreaterThan(0);
    expect(thirteen.body.data.length).toBeLessThan(all.length);

    expectError(await visitor().get(`${API}/event_slots?filter[month]=December`), 400, 'VALIDATION_FAILED');
  });

  test('one slot; a cancelled one is shown but not bookable; an unknown one is EVENT_SLOT_NOT_FOUND', async () => {
    const [row] = await t.database.db
      .select()
      .from(eventSlots)
      .where(eq(eventSlots.templateId, 'kids-ravioli-morning'))
      .orderBy(asc(eventSlots.startsAt))
      .limit(1);
    const res = await visitor().get(`${API}/event_slots/${row!.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({
      template_id: 'kids-ravioli-morning',
      child_price: 2000,
    });

    await t.database.db.update(eventSlots).set({ cancelledAt: TEST_NOW }).where(eq(eventSlots.id, row!.id));
    const cancelled = await visitor().get(`${API}/event_slots/${row!.id}`);
    expect(cancelled.body.data.attributes).toMatchObject({
      bookable: false,
      unavailable_reason: 'Cancelled',
    });
    const listed = await visitor().get(`${API}/event_slots?filter[template]=kids-ravioli-morning`);
    expect(listed.body.data.map((slot: { id: string }) => slot.id)).not.toContain(row!.id);
    await t.database.db.update(eventSlots).set({ cancelledAt: null }).where(eq(eventSlots.id, row!.id));

    expectError(
      await visitor().get(`${API}/event_slots/00000000-0000-4000-8000-000000000000`),
      404,
      'EVENT_SLOT_NOT_FOUND',
    );
    expectError(await visitor().get(`${API}/event_slots/not-an-id`), 404, 'EVENT_SLOT_NOT_FOUND');
  });
});

describe('GET /event_upgrades and /event_guest_preferences', () => {
  test("every add-on, or one event's", async () => {
    const all = await visitor().get(`${API}/event_upgrades`);
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBe(7);
    const res = await visitor().get(`${API}/event_upgrades?filter[template]=fresh-pasta-class`);
    expect(res.body.data.map((item: { id: string }) => item.id)).toEqual([
      'class-wine-pairing',
      'class-pasta-kit',
      'class-apron',
    ]);
    expect(res.body.data[0].attributes).toMatchObject({
      template_id: 'fresh-pasta-class',
      title: 'Wine pairing',
      price: 2500,
      per_guest: true,
    });
    const picture = await visitor().get(res.body.data[0].attributes.image_url);
    expect(picture.status).toBe(200);
    const kids = await visitor().get(`${API}/event_upgrades?filter[template]=kids-ravioli-morning`);
    expect(kids.body.data.map((item: { attributes: { title: string } }) => item.attributes.title)).toContain(
      "Chef's hat",
    );
    const none = await visitor().get(`${API}/event_upgrades?filter[template]=nothing`);
    expect(none.body.data).toEqual([]);
  });

  test('the 14 allergens, then the diets', async () => {
    const res = await visitor().get(`${API}/event_guest_preferences`);
    expect(res.status).toBe(200);
    const allergens = res.body.data.filter((item: any) => item.attributes.kind === 'allergen');
    expect(allergens).toHaveLength(14);
    expect(res.body.data[0]).toEqual({
      id: 'celery',
      type: 'event_guest_preferences',
      attributes: { kind: 'allergen', label: 'Celery' },
    });
    expect(res.body.data.some((item: any) => item.id === 'vegan' && item.attributes.kind === 'diet')).toBe(
      true,
    );
  });
});
