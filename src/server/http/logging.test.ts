import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { customers } from '../db/schema/customers';
import { hashPassword } from '../modules/auth/passwords';
import { API } from '../test/api-expect';
import { insertCustomer, PASSWORD, signIn, uniqueEmail } from '../test/accounts';
import { createTestApp, Visitor, type TestApp } from '../test/harness';
import { cleanMessage, redactUrl, serializeError } from './logging';

// No secret, token, hash, card data or personal value reaches a log line (issue 8, item 3). A failed
// statement used to be logged with its parameters (drizzle's "params: …", the driver's `params` and
// `detail: Failing row contains (…)`), so a failed sign-up wrote the pending account's argon2 hash and email.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A real error from the database driver, thrown by a statement whose parameters are secrets. */
async function failedStatement(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('the statement was expected to fail');
}

describe('the error serialiser', () => {
  test('a failed insert keeps the type, SQL, codes and names, and drops the parameters and the failing row', async () => {
    const existing = await insertCustomer(t);
    const hash = await hashPassword('correct horse battery staple');
    const error = await failedStatement(() =>
      t.database.db.insert(customers).values({
        email: existing.email,
        firstName: 'Grace',
        lastName: 'Hopper',
        passwordHash: hash,
        referralToken: 'SECRETREF',
      }),
    );
    // The raw error does carry the secrets (that is what used to be logged).
    expect(String((error as Error).message)).toContain(hash);

    const serialized = serializeError(error);
    const text = JSON.stringify(serialized);
    for (const secret of [hash, '$argon2id$', existing.email, 'SECRETREF', 'Hopper']) {
      expect(text, secret).not.toContain(secret);
    }
    expect(serialized.message).toMatch(/^Failed query: insert into "customers"/);
    expect(serialized.stack).toMatch(/^\w+: Failed query: insert into "customers"[^\n]*\n\s+at /);
    expect(serialized.cause).toMatchObject({
      type: 'DatabaseError',
      code: '23505',
      constraint: 'customers_email_idx',
      message: 'duplicate key value violates unique constraint "customers_email_idx"',
    });
  });

  test('values PostgreSQL quotes in a message are masked; names are kept', async () => {
    const error = await failedStatement(() => t.database.db.execute(sql`select ${'my-secret-token'}::uuid`));
    const text = JSON.stringify(serializeError(error));
    expect(text).not.toContain('my-secret-token');
    expect(text).toContain('invalid input syntax for type uuid: \\"[redacted]\\"');

    expect(cleanMessage('value "12345678901" is out of range for type integer')).toBe(
      'value "[redacted]" is out of range for type integer',
    );
    expect(cleanMessage('relation "customers" does not exist')).toBe('relation "customers" does not exist');
    expect(cleanMessage('Failed query: select 1\nparams: a@b.com,$argon2id$v=19')).toBe(
      'Failed query: select 1',
    );
  });

  test('nothing but the allow-list: extra properties, nested causes, and values that are not errors', () => {
    const inner = Object.assign(new Error('inner'), {
      params: ['tok_secret'],
      detail: 'Key (email)=(a@b.co)',
    });
    const outer = Object.assign(new Error('outer', { cause: inner }), {
      code: 'E_OUTER',
      statusCode: 502,
      password: 'hunter2',
      raw: { client_secret: 'seti_secret' },
    });
    const serialized = serializeError(outer);
    expect(serialized).toMatchObject({ type: 'Error', message: 'outer', code: 'E_OUTER', statusCode: 502 });
    expect(serialized.cause).toMatchObject({ type: 'Error', message: 'inner' });
    const text = JSON.stringify(serialized);
    for (const secret of ['tok_secret', 'a@b.co', 'hunter2', 'seti_secret'])
      expect(text).not.toContain(secret);
    expect(serializeError({ password: 'hunter2' })).toEqual({
      type: 'object',
      message: 'A non-error value was thrown (object)',
      stack: 'A non-error value was thrown (object)',
    });
  });
});

describe('request URLs', () => {
  test('lose the values of secret query parameters, however their names are spelled', () => {
    expect(redactUrl('/api/v2/sessions/token?token=abc&x=1')).toBe(
      '/api/v2/sessions/token?token=[redacted]&x=1',
    );
    expect(redactUrl('/sandbox/stripe/card-form?client_secret=seti_1_secret_2')).toBe(
      '/sandbox/stripe/card-form?client_secret=[redacted]',
    );
    expect(redactUrl('/x?%74oken=abc&%63lient%5Fsecret=s&TOKEN=t&code&state=z')).toBe(
      '/x?%74oken=[redacted]&%63lient%5Fsecret=[redacted]&TOKEN=[redacted]&code=[redacted]&state=[redacted]',
    );
    expect(
      redactUrl(
        '/payment/o1?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=x',
      ),
    ).toBe('/payment/o1?payment_intent=pi_1&payment_intent_client_secret=[redacted]&redirect_status=x');
    expect(redactUrl('/x?setup_intent_client_secret=s')).toBe('/x?setup_intent_client_secret=[redacted]');
    expect(redactUrl('/x?tokens=kept&a=token%3Dkept')).toBe('/x?tokens=kept&a=token%3Dkept');
    expect(redactUrl('/no/query')).toBe('/no/query');
    // An event booking's dietary form: the page's link and the API call it makes (decision 29).
    expect(redactUrl('/events/dietary-form/o1?key=vY-wJJsecret')).toBe(
      '/events/dietary-form/o1?key=[redacted]',
    );
    expect(redactUrl('/api/v2/event_guests?order_id=o1&key=vY-wJJsecret')).toBe(
      '/api/v2/event_guests?order_id=o1&key=[redacted]',
    );
    // The email confirmation link, and a path to come back to that carries it (decision 18).
    expect(redactUrl('/account?confirm=abc')).toBe('/account?confirm=[redacted]');
    expect(redactUrl('/social-login?returnTo=%2Faccount%3Fconfirm%3Dabc&x=1')).toBe(
      '/social-login?returnTo=[redacted]&x=1',
    );
    expect(redactUrl('/login?returnTo=%2Fcheckout%3Fstep%3D2')).toBe(
      '/login?returnTo=%2Fcheckout%3Fstep%3D2',
    );
  });

  test('lose the key of a takeaway’s public tracking link (issue 19)', () => {
    const key = '0123456789abcdef0123456789abcdef';
    expect(redactUrl(`/takeaway/track/${key}`)).toBe('/takeaway/track/[redacted]');
    expect(redactUrl(`/api/v2/tracking/${key}/driver_location?x=1`)).toBe(
      '/api/v2/tracking/[redacted]/driver_location?x=1',
    );
    expect(redactUrl(`/social-login?returnTo=%2Ftakeaway%2Ftrack%2F${key}`)).toBe(
      '/social-login?returnTo=[redacted]',
    );
  });
});

describe('the app’s logger', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace' }),
      database: t.database,
      clock: t.clock,
      serveWeb: false,
      logStream: { write: (line) => void lines.push(line) },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  test('a sign-up whose insert fails is a 500 whose log names the constraint, not the hash, email or password', async () => {
    // The new customer's row (it holds the argon2 hash, the email and the names) is refused by the database.
    await t.database.db.execute(
      sql.raw(
        `alter table customers add constraint log_test_no_signups check (password_hash is null) not valid`,
      ),
    );
    try {
      lines.length = 0;
      const email = uniqueEmail('logged');
      const password = 'my very own secret passphrase';
      const response = await new Visitor(app, 'web').post(`${API}/customers`, {
        first_name: 'Grace',
        last_name: 'Hopper',
        email,
        password,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(500);
      const text = lines.join('');
      expect(text).toContain('log_test_no_signups');
      expect(text).toContain('Failed query: insert into \\"customers\\"');
      for (const secret of ['$argon2id$', email, password, 'Hopper'])
        expect(text, secret).not.toContain(secret);
    } finally {
      await t.database.db.execute(sql.raw('alter table customers drop constraint log_test_no_signups'));
    }
  });

  test('a password change whose update fails logs neither the old nor the new password, nor the hash', async () => {
    const customer = await insertCustomer(t);
    const visitor = new Visitor(app, 'web');
    await signIn(visitor, customer.email);
    await t.database.db.execute(
      sql.raw(
        `alter table customers add constraint log_test_no_changes check (password_hash is null) not valid`,
      ),
    );
    try {
      lines.length = 0;
      const password = 'a brand new secret passphrase';
      const response = await visitor.put(`${API}/customers/password`, {
        current_password: PASSWORD,
        password,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(500);
      const text = lines.join('');
      expect(text).toContain('log_test_no_changes');
      for (const secret of ['$argon2id$', customer.email, password, PASSWORD]) {
        expect(text, secret).not.toContain(secret);
      }
    } finally {
      await t.database.db.execute(sql.raw('alter table customers drop constraint log_test_no_changes'));
    }
  });

  test('an error logged as `error` is serialised the same way; a line a caller made safe is kept', async () => {
    const existing = await insertCustomer(t);
    const error = await failedStatement(() =>
      t.database.db
        .insert(customers)
        .values({ email: existing.email, firstName: 'A', lastName: 'B', referralToken: 'LOGERRORREF' }),
    );
    lines.length = 0;
    app.log.error({ error }, 'a job failed');
    app.log.warn({ error: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2525' }, 'email delivery failed');
    const text = lines.join('');
    expect(text).toContain('customers_email_idx');
    expect(text).toContain('ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2525');
    for (const secret of [existing.email, 'LOGERRORREF']) expect(text).not.toContain(secret);
  });

  test('request lines carry no secret from the query string', async () => {
    lines.length = 0;
    await app.inject({
      method: 'GET',
      url: '/api/v2/settings?%74oken=url-secret-1&client_secret=url-secret-2',
    });
    const text = lines.join('');
    expect(text).toContain('/api/v2/settings?%74oken=[redacted]&client_secret=[redacted]');
    expect(text).not.toContain('url-secret');
  });

  test('secret-sounding keys are censored wherever a log call puts them', () => {
    lines.length = 0;
    app.log.info(
      {
        password: 'pw-secret-1',
        passwordHash: '$argon2id$v=19$hash-secret-1',
        token: 'tok-secret-1',
        request: {
          authorization: 'Bearer bearer-secret-1',
          body: { card_number: '4242424242424242', cvc: '737' },
        },
        payment: { client_secret: 'seti_1_secret_s1', paymentMethod: { cardNumber: '4000000000009995' } },
        query: { params: ['a@b.co'] },
      },
      'checking redaction',
    );
    const text = lines.join('');
    expect(text).toContain('checking redaction');
    const secrets = [
      'pw-secret-1',
      '$argon2id$',
      'tok-secret-1',
      'bearer-secret-1',
      '4242424242424242',
      '"737"',
    ];
    for (const secret of [...secrets, 'seti_1_secret_s1', '4000000000009995', 'a@b.co']) {
      expect(text, secret).not.toContain(secret);
    }
  });
});
