import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { marketingBanners } from '../../db/schema/shop';
import { staffAudit } from '../../db/schema/staff';
import { clearRateLimits } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import { browsersByRole, signedInStaff, type RoleName, type SignedInStaff } from '../../test/staff';

// Marketing banners in the back office (issue 25 part 3): owners and managers only, readable colours and
// sound dates (refused naming the field, nothing written), audited with before and after, and the public
// GET /marketing_banners showing the change at once. The shop's clock is Wednesday 18 November 2026.

let t: TestApp;
let owner: SignedInStaff;
let browsers: Record<RoleName, Visitor>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInStaff(t, 'owner', 'Olive');
  browsers = await browsersByRole(t);
});
beforeEach(() => clearRateLimits(t));
afterAll(() => t.close());

function banner(overrides: Record<string, unknown> = {}) {
  return {
    category: 'promo',
    active: true,
    position: 5,
    customer_type: 'new',
    text: 'Winter ravioli are here: {order_by}',
    mobile_text: 'Winter ravioli are here',
    link: '/menu',
    bg_color: '#576458',
    fg_color: '#ffffff',
    start_date: '2026-11-18',
    end_date: '2026-11-30',
    ...overrides,
  };
}

const bannerCount = async () => (await t.database.db.select().from(marketingBanners)).length;
const publicBanners = async () =>
  (await t.visitor().get(`${API}/marketing_banners`)).body.data as { id: string; attributes: any }[];

describe('who may call what', () => {
  let id: string;
  beforeAll(async () => {
    id = (await owner.visitor.post(`${API}/back_office/banners`, banner({ active: false }))).body.data.id;
  });
  const CALLS: { call: string; send: (v: Visitor) => Promise<{ status: number }> }[] = [
    { call: 'GET /back_office/banners', send: (v) => v.get(`${API}/back_office/banners`) },
    {
      call: 'POST /back_office/banners',
      send: (v) => v.post(`${API}/back_office/banners`, banner({ active: false })),
    },
    {
      call: 'PUT /back_office/banners/{id}',
      send: (v) => v.put(`${API}/back_office/banners/${id}`, banner({ active: false })),
    },
  ];
  for (const { call, send } of CALLS) {
    test(`${call}: owner and manager only`, async () => {
      for (const [role, visitor] of Object.entries(browsers) as [RoleName, Visitor][]) {
        const before = await bannerCount();
        const response = await send(visitor);
        const allowed = ['owner', 'manager'].includes(role);
        const expected = allowed ? [200, 201] : role === 'visitor' ? [401] : [403];
        expect(expected, role).toContain(response.status);
        if (!allowed) expect(await bannerCount(), role).toBe(before);
      }
    });
  }
});

describe('banners', () => {
  test('a new banner shows at once on GET /marketing_banners; changed and hidden, it goes; each audited', async () => {
    const created = await owner.visitor.post(`${API}/back_office/banners`, banner());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data.attributes).toMatchObject({
      customer_type: 'new',
      start_date: '2026-11-18',
      end_date: '2026-11-30',
      showing: true,
    });
    const shown = (await publicBanners()).find((b) => b.id === id);
    expect(shown?.attributes).toMatchObject({ customer_type: 'new', bg_color: '#576458', link: '/menu' });
    expect(shown?.attributes.text).toBe('Winter ravioli are here: {order_by}');

    const changed = await owner.visitor.put(
      `${API}/back_office/banners/${id}`,
      banner({
        text: 'Chestnut tagliatelle, this week only',
        customer_type: 'existing',
        bg_color: '#1f2a44',
      }),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await publicBanners()).find((b) => b.id === id)?.attributes).toMatchObject({
      text: 'Chestnut tagliatelle, this week only',
      customer_type: 'existing',
      bg_color: '#1f2a44',
    });

    const later = await owner.visitor.put(
      `${API}/back_office/banners/${id}`,
      banner({ start_date: '2026-12-01', end_date: '2026-12-24' }),
    );
    expect(later.body.data.attributes.showing).toBe(false);
    expect((await publicBanners()).some((b) => b.id === id)).toBe(false);

    const audit = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.subjectType, 'banner'), eq(staffAudit.subjectId, id)))
      .orderBy(staffAudit.id);
    expect(audit.map((e) => e.action)).toEqual(['banner.create', 'banner.update', 'banner.update']);
    expect(audit[1]!.before).toMatchObject({ customerType: 'new', bgColor: '#576458' });
    expect(audit[1]!.after).toMatchObject({ customerType: 'existing', bgColor: '#1f2a44' });
    expect(audit[0]!.actorEmail).toBe(owner.email);
  });

  test('unreadable colours, bad links and dates are refused naming the field; nothing is written', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ bg_color: '#ffffff', fg_color: '#eeeeee' }, 'fg_color', /hard to read.*at least 4\.5:1/],
      [{ bg_color: '#777777', fg_color: '#ffffff' }, 'fg_color', /hard to read/],
      [{ bg_color: 'green' }, 'bg_color', /#rrggbb/],
      [{ link: 'javascript:alert(1)' }, 'link', /https:\/\//],
      [{ link: '//evil.example' }, 'link', /https:\/\//],
      [{ text: '   ' }, 'text', /words/],
      [{ start_date: '2026-12-02', end_date: '2026-12-01' }, 'end_date', /before the start/],
      [{ position: -1 }, 'position', /from 0/],
    ];
    for (const [overrides, field, message] of cases) {
      const before = await bannerCount();
      const response = await owner.visitor.post(`${API}/back_office/banners`, banner(overrides));
      const errors = expectError(response, 400, 'VALIDATION_FAILED');
      expect(
        errors.some((e) => e.source?.pointer === `/${field}` && message.test(e.detail)),
        JSON.stringify(errors),
      ).toBe(true);
      expect(await bannerCount()).toBe(before);
    }
    expectError(await owner.visitor.put(`${API}/back_office/banners/999999`, banner()), 404, 'NOT_FOUND');
    expectError(await owner.visitor.put(`${API}/back_office/banners/abc`, banner()), 404, 'NOT_FOUND');
  });
});
