import type * as Crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { count } from 'drizzle-orm';
import { TICKET_REFERENCE_PATTERN } from '../../../domain/support';
import { supportTickets } from '../../db/schema/after-order';
import { clearRateLimits, signedInCustomer } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { createTestApp, type TestApp } from '../../test/harness';

// A ticket's reference is drawn from 8 random bytes and the unique index decides whether it is free (issue 23
// part 5): a clash draws again, and a run of clashes fails loudly without saving anything. The bytes the
// service draws are forced here: `forced` is used up, 8-byte draw by 8-byte draw, before real randomness.

const forced: Buffer[] = [];
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>();
  const randomBytes = ((size: number, ...rest: unknown[]) =>
    size === 8 && forced.length > 0
      ? forced.shift()!
      : (actual.randomBytes as (...args: unknown[]) => Buffer)(size, ...rest)) as typeof actual.randomBytes;
  return { ...actual, default: { ...actual, randomBytes }, randomBytes };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const question = { topic: 'other', message: 'Do you deliver to the Isle of Wight at all?' };
const zeros = () => Buffer.alloc(8);

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
    forced.push(zeros(), zeros(), Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]));
    const second = await visitor.post(`${API}/support_tickets`, question);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.data.attributes.reference).toBe('SF-2345-6789');
    expect(forced).toEqual([]);
  });

  test('five clashes in a row: a 500, nothing saved', async () => {
    await clearRateLimits(t);
    const { visitor } = await signedInCustomer(t);
    const before = await tickets();
    forced.push(...Array.from({ length: 5 }, zeros));
    expectError(await visitor.post(`${API}/support_tickets`, question), 500, 'INTERNAL');
    expect(forced).toEqual([]);
    expect(await tickets()).toBe(before);
    const after = await visitor.post(`${API}/support_tickets`, question);
    expect(after.body.data.attributes.reference).toMatch(TICKET_REFERENCE_PATTERN);
  });
});
