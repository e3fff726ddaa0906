import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { count } from 'drizzle-orm';
import { TICKET_REFERENCE_PATTERN } from '../../../domain/support';
import { supportTickets } from '../../db/schema/after-order';
import { clearRateLimits, signedInCustomer } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { createTestApp, type TestApp } from '../../test/harness';

// A ticket's reference is drawn from 8 random bytes and the unique index decides whether it is free (issue 23
// part 5): a clash draws again, and a run of clashes fails loudly without saving anything. The service's
// bytes are forced here: `forced` is used up, draw by draw, before real randomness.

let t: TestApp;
const forced: Uint8Array[] = [];
let realDraw: (size: number) => Uint8Array;
beforeAll(async () => {
  t = await createTestApp();
  const support = t.app.services.support;
  realDraw = support.drawBytes;
  support.drawBytes = (size) => forced.shift() ?? realDraw(size);
});
afterEach(() => {
  forced.length = 0;
});
afterAll(async () => {
  t.app.services.support.drawBytes = realDraw;
  await t.close();
});

const question = { topic: 'other', message: 'Do you deliver to the Isle of Wight at all?' };
const zeros = () => new Uint8Array(8);

async function tickets(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(supportTickets);
  return Number(row!.n);
}

describe('ticket references', () => {
  test('a reference already taken is drawn again', async () => {
    await clearRateLimits(t);
    const { visitor } = await signedInCustomer(t);
    forced.push(zeros());
    const first = await visitor.post(`${API}/support_tickets`, question);
    expect(first.body.data.attributes.reference).toBe('SF-2222-2222');
    forced.push(zeros(), zeros(), Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7]));
    const second = await visitor.post(`${API}/support_tickets`, question);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.data.attributes.reference).toBe('SF-2345-6789');
    expect(forced).toEqual([]);
  });

  test('five clashes in a row: a 500, nothing saved', async () => {
    await clearRateLimits(t);
    const { visitor } = await signedInCustomer(t);
    forced.push(zeros());
    expect((await visitor.post(`${API}/support_tickets`, question)).status).toBe(201);
    const before = await tickets();
    forced.push(...Array.from({ length: 5 }, zeros));
    expectError(await visitor.post(`${API}/support_tickets`, question), 500, 'INTERNAL');
    expect(forced).toEqual([]);
    expect(await tickets()).toBe(before);
    const after = await visitor.post(`${API}/support_tickets`, question);
    expect(after.body.data.attributes.reference).toMatch(TICKET_REFERENCE_PATTERN);
  });
});
