import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { inArray, type Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Db } from '../../db/client';
import { emailRequests, oneTimeTokens } from '../../db/schema/auth';
import { outbox } from '../../db/schema/email';
import { API } from '../../test/api-expect';
import { clearRateLimits, emailsTo, insertCustomer, onlyToken, uniqueEmail } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { AccountsService } from './accounts.service';

// Sign-in link and password reset requests do the same work whether or not the email has an account
// (issue 8, defect 12; decision 9). Not a timing test: the statements a request runs before it answers are
// logged, and must be the same, in kind and number, for a customer's email and for a stranger's.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => clearRateLimits(t));
afterEach(() => {
  vi.restoreAllMocks();
});

/** The app's database, through a second Drizzle handle that logs every statement it runs. */
function loggedDatabase(statements: string[]): Db {
  const logger: Logger = { logQuery: (query) => statements.push(query) };
  const client = (t.database.db as unknown as { $client: unknown }).$client;
  return (t.database.kind === 'postgres'
    ? drizzlePg({ client: client as never, logger })
    : drizzlePglite({ client: client as never, logger })) as unknown as Db;
}

describe('reset and sign-in link requests', () => {
  test('run the same statements for a known and an unknown email before answering; the email comes after', async () => {
    // The rate-limit table is swept now and then at random: not during this comparison.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const customer = await insertCustomer(t);
    const stranger = uniqueEmail('stranger');
    const statements: string[] = [];
    // Processing is left to the test here, so that only the request's own statements are logged.
    const accounts = new AccountsService(loggedDatabase(statements), t.config.publicUrl, {
      emailRequests: { kick: () => {} },
    });

    const run = async (ask: (email: string) => Promise<void>, email: string) => {
      statements.length = 0;
      await ask(email);
      return [...statements];
    };
    const resets = [customer.email, stranger].map(
      (email) => () => run((e) => accounts.requestPasswordReset(e, '198.51.100.1'), email),
    );
    const links = [customer.email, stranger].map(
      (email) => () => run((e) => accounts.requestSignInLink(e, '/account', '198.51.100.2'), email),
    );
    for (const [known, unknown] of [resets, links]) {
      const forKnown = await known!();
      const forUnknown = await unknown!();
      expect(forKnown.length).toBeGreaterThan(0);
      expect(forUnknown).toEqual(forKnown);
      // Nothing reads the customers table on the way to the answer.
      expect(forKnown.join('\n')).not.toMatch(/"customers"/);
    }
    // Nothing has been issued or sent yet, for anyone.
    expect(await t.database.db.select().from(oneTimeTokens)).toEqual([]);
    expect(await t.database.db.select().from(outbox)).toEqual([]);
    expect(await t.database.db.select().from(emailRequests)).toHaveLength(4);

    // Afterwards, in the background: the customer gets their two emails, the stranger nothing, and no
    // request is kept.
    expect(await t.app.services.emailRequests.drain()).toBe(4);
    expect((await emailsTo(t, customer.email)).map((e) => e.template).sort()).toEqual([
      'password_reset',
      'sign_in_link',
    ]);
    expect(await emailsTo(t, stranger)).toEqual([]);
    expect(await t.database.db.select().from(emailRequests)).toEqual([]);
    const token = await onlyToken(t, customer.email, 'sign_in_link');
    const signedIn = await t.visitor().post(`${API}/sessions/token`, { token });
    expect(signedIn.status).toBe(201);
    expect(signedIn.body.meta).toEqual({ target_url: '/account' });
  });

  test('through the API: the request is answered, and the email follows without anyone asking', async () => {
    const customer = await insertCustomer(t);
    const response = await t.visitor().post(`${API}/customers/password_reset`, { email: customer.email });
    expect(response.status).toBe(202);
    // The request kicks the background step itself; wait for it by polling the outbox, not the clock.
    await vi.waitFor(
      async () => {
        const sent = await t.database.db.select().from(outbox);
        expect(sent.map((e) => e.to)).toContain(customer.email);
      },
      { timeout: 5_000, interval: 20 },
    );
    expect(await t.database.db.select().from(emailRequests)).toEqual([]);
  });

  test('a request left behind (a process that stopped before its background step) is sent at the next one', async () => {
    const customer = await insertCustomer(t);
    await t.database.db.insert(emailRequests).values({ kind: 'password_reset', email: customer.email });
    const other = await insertCustomer(t);
    expect((await t.visitor().post(`${API}/sessions/link`, { email: other.email })).status).toBe(202);
    await vi.waitFor(
      async () => {
        const sent = await t.database.db
          .select()
          .from(outbox)
          .where(inArray(outbox.to, [customer.email, other.email]));
        expect(sent.map((e) => [e.to, e.template]).sort()).toEqual(
          [
            [customer.email, 'password_reset'],
            [other.email, 'sign_in_link'],
          ].sort(),
        );
      },
      { timeout: 5_000, interval: 20 },
    );
  });
});
