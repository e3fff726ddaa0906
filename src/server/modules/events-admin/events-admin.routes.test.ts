import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eventSlots } from '../../db/schema/events';
import { staffAudit } from '../../db/schema/staff';
import { clearRateLimits } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { CARDS, saveCard, shopper } from '../../test/checkout';
import { book, newSlot, payWith, seatsLeftIn } from '../../test/events';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import { browsersByRole, signedInStaff, type RoleName, type SignedInStaff } from '../../test/staff';

// The back office's events (issue 25 part 3, "event slots and capacity"): owners, managers and events hosts
// only; a new date on sale at once (the public slot reads show it), refused naming the field when out of
// range, never twice; seats never below those taken; every change audited. The shop's clock is Wed 18
// November 2026, 10:00 (London).

let t: TestApp;
let host: SignedInStaff;
let browsers: Record<RoleName, Visitor>;

beforeAll(async () => {
  t = await createTestApp();
  host = await signedInStaff(t, 'events_host', 'Hana');
  browsers = await browsersByRole(t);
});
beforeEach(() => clearRateLimits(t));
afterAll(() => t.close());

const CLASS = 'fresh-pasta-class';
const SUPPER = 'supper-club';
let day = 0;
/** A new date's body, each test on a day of its own in December. */
function newDate(overrides: Record<string, unknown> = {}) {
  day += 1;
  return {
    template_id: CLASS,
    restaurant_id: 'soho',
    date: `2026-12-${String(day).padStart(2, '0')}`,
    start_time: '18:30',
    capacity: 10,
    adult_price: 7000,
    child_price: 4000,
    ...overrides,
  };
}
const slotRows = () => t.database.db.select().from(eventSlots);
const auditOf = (id: string) =>
  t.database.db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.subjectType, 'event_slot'), eq(staffAudit.subjectId, id)))
    .orderBy(staffAudit.id);

describe('who may call what', () => {
  test('every call: owner, manager and events host only; nobody else changes anything', async () => {
    const slot = await newSlot(t, { hoursAhead: 24 * 20 });
    for (const [role, visitor] of Object.entries(browsers) as [RoleName, Visitor][]) {
      const allowed = ['owner', 'manager', 'events_host'].includes(role);
      const refused = role === 'visitor' ? 401 : 403;
      const before = await slotRows();
      expect((await visitor.get(`${API}/back_office/event_templates`)).status, role).toBe(
        allowed ? 200 : refused,
      );
      expect((await visitor.get(`${API}/back_office/event_slots`)).status, role).toBe(
        allowed ? 200 : refused,
      );
      const made = await visitor.post(`${API}/back_office/event_slots`, newDate());
      expect(made.status, role).toBe(allowed ? 201 : refused);
      const changed = await visitor.patch(`${API}/back_office/event_slots/${slot}`, {
        capacity: 14,
        adult_price: 6500,
        child_price: 4500,
      });
      expect(changed.status, role).toBe(allowed ? 200 : refused);
      if (!allowed) expect(await slotRows(), role).toEqual(before);
    }
  });
});

describe('a new date', () => {
  test('on sale at once: listed with no seats taken, on the public slots, from the event’s length; audited', async () => {
    const made = await host.visitor.post(`${API}/back_office/event_slots`, newDate({ capacity: 9 }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { id, attributes } = made.body.data;
    // 1 December is in winter time: 18:30 in London is 18:30 UTC; the class lasts 3 hours.
    expect(attributes).toMatchObject({
      template_id: CLASS,
      title: expect.any(String),
      restaurant_id: 'soho',
      restaurant_name: expect.any(String),
      starts_at: expect.stringMatching(/T18:30:00\.000Z$/),
      capacity: 9,
      seats_taken: 0,
      adult_price: 7000,
      child_price: 4000,
    });
    const templates = await host.visitor.get(`${API}/back_office/event_templates`);
    const template = templates.body.data.find((row: { id: string }) => row.id === CLASS);
    expect(new Date(attributes.ends_at).getTime() - new Date(attributes.starts_at).getTime()).toBe(
      template.attributes.duration_minutes * 60_000,
    );
    expect(templates.body.meta.restaurants).toContainEqual({ id: 'soho', name: attributes.restaurant_name });

    const list = await host.visitor.get(`${API}/back_office/event_slots`);
    expect(list.body.data.map((row: { id: string }) => row.id)).toContain(id);
    const publicSlot = await t.visitor().get(`${API}/event_slots/${id}`);
    expect(publicSlot.status).toBe(200);
    expect(publicSlot.body.data.attributes.seats_left).toBe(9);

    const [entry, ...more] = await auditOf(id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: 'event_slot.create', actorEmail: host.email });
    expect(entry!.after).toMatchObject({ capacity: 9, adultPrice: 7000 });
  });

  test('out of range is refused naming the field, and nothing is written', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ capacity: 0 }, 'capacity'],
      [{ capacity: 201 }, 'capacity'],
      [{ adult_price: -1 }, 'adult_price'],
      [{ child_price: 100_001 }, 'child_price'],
      [{ template_id: SUPPER, child_price: 2000 }, 'child_price'],
      [{ date: '2026-11-18' }, 'date'],
      [{ date: '2026-11-17' }, 'date'],
      [{ date: '2027-11-20' }, 'date'],
      [{ start_time: '18:10' }, 'start_time'],
    ];
    for (const [overrides, field] of cases) {
      const before = await slotRows();
      const errors = expectError(
        await host.visitor.post(`${API}/back_office/event_slots`, newDate(overrides)),
        400,
        'VALIDATION_FAILED',
      );
      expect(
        errors.map((e) => e.source?.pointer),
        JSON.stringify(errors),
      ).toEqual([`/${field}`]);
      expect(await slotRows()).toEqual(before);
    }
    for (const body of [
      newDate({ start_time: '25:00' }),
      newDate({ date: '1 December' }),
      newDate({ capacity: 2.5 }),
      newDate({ seats: 4 }),
    ]) {
      expectError(await host.visitor.post(`${API}/back_office/event_slots`, body), 400, 'VALIDATION_FAILED');
    }
    expectError(
      await host.visitor.post(`${API}/back_office/event_slots`, newDate({ template_id: 'juggling' })),
      404,
      'EVENT_NOT_FOUND',
    );
    expectError(
      await host.visitor.post(`${API}/back_office/event_slots`, newDate({ restaurant_id: 'atlantis' })),
      404,
      'RESTAURANT_NOT_FOUND',
    );
  });

  test('an adults-only event takes no child price; the same event, place and time twice (two clicks at once) is one date', async () => {
    const supper = await host.visitor.post(
      `${API}/back_office/event_slots`,
      newDate({ template_id: SUPPER, child_price: null }),
    );
    expect(supper.status, JSON.stringify(supper.body)).toBe(201);
    expect(supper.body.data.attributes.child_price).toBeNull();

    const body = newDate();
    const [a, b] = await Promise.all([
      host.visitor.post(`${API}/back_office/event_slots`, body),
      browsers.manager.post(`${API}/back_office/event_slots`, body),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expectError(a.status === 409 ? a : b, 409, 'CONFLICT', /already on at/);
    const sameTime = (await slotRows()).filter(
      (row) => row.startsAt.toISOString() === (a.status === 201 ? a : b).body.data.attributes.starts_at,
    );
    expect(sameTime).toHaveLength(1);
  });
});

describe('a date’s seats and prices', () => {
  test('changed at once on the public slot; never below the seats taken (409), nothing changes; audited', async () => {
    const customer = await shopper(t);
    const card = await saveCard(t, customer, CARDS.visa);
    const slot = await newSlot(t, { hoursAhead: 24 * 12, capacity: 12 });
    const paid = await payWith(customer.visitor, await book(customer.visitor, slot, { adults: 3 }), card);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);

    const listed = (await host.visitor.get(`${API}/back_office/event_slots`)).body.data.find(
      (row: { id: string }) => row.id === slot,
    );
    expect(listed.attributes).toMatchObject({ capacity: 12, seats_taken: 3 });

    const before = await slotRows();
    const [refused] = expectError(
      await host.visitor.patch(`${API}/back_office/event_slots/${slot}`, {
        capacity: 2,
        adult_price: 6500,
        child_price: 4500,
      }),
      409,
      'CONFLICT',
    );
    expect(refused!.detail).toBe('3 seats are already taken: seats can’t go below 3.');
    expect(await slotRows()).toEqual(before);

    const changed = await host.visitor.patch(`${API}/back_office/event_slots/${slot}`, {
      capacity: 3,
      adult_price: 7500,
      child_price: null,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.attributes).toMatchObject({ capacity: 3, seats_taken: 3, adult_price: 7500 });
    expect(await seatsLeftIn(t.visitor(), slot)).toBe(0);
    const [entry] = await auditOf(slot);
    expect(entry).toMatchObject({
      action: 'event_slot.update',
      actorEmail: host.email,
      before: expect.objectContaining({ capacity: 12, adultPrice: 6500 }),
      after: expect.objectContaining({ capacity: 3, adultPrice: 7500, childPrice: null }),
    });
  });

  test('out of range, a date begun or passed, a cancelled or unknown one are refused; nothing changes', async () => {
    const slot = await newSlot(t, { hoursAhead: 24 * 14 });
    const before = await slotRows();
    for (const [body, field] of [
      [{ capacity: 0, adult_price: 6500, child_price: 4500 }, 'capacity'],
      [{ capacity: 12, adult_price: -5, child_price: 4500 }, 'adult_price'],
    ] as const) {
      const errors = expectError(
        await host.visitor.patch(`${API}/back_office/event_slots/${slot}`, body),
        400,
        'VALIDATION_FAILED',
      );
      expect(errors.map((e) => e.source?.pointer)).toEqual([`/${field}`]);
    }
    const begun = await newSlot(t, { hoursAhead: -1 });
    expectError(
      await host.visitor.patch(`${API}/back_office/event_slots/${begun}`, {
        capacity: 12,
        adult_price: 6500,
        child_price: 4500,
      }),
      409,
      'CONFLICT',
      /started or passed/,
    );
    const cancelled = await newSlot(t, { hoursAhead: 24 * 15 });
    await t.database.db
      .update(eventSlots)
      .set({ cancelledAt: new Date('2026-11-17T12:00:00Z') })
      .where(eq(eventSlots.id, cancelled));
    for (const id of [cancelled, '00000000-0000-4000-8000-000000000000']) {
      expectError(
        await host.visitor.patch(`${API}/back_office/event_slots/${id}`, {
          capacity: 12,
          adult_price: 6500,
          child_price: 4500,
        }),
        404,
        'EVENT_SLOT_NOT_FOUND',
      );
    }
    expect((await slotRows()).filter((row) => before.some((b) => b.id === row.id))).toEqual(before);
  });
});
