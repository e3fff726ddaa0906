import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BODY_LIMIT, buildApp } from '../app';
import { loadConfig } from '../config';
import { API, variantGid } from '../test/api-expect';
import { PASSWORD } from '../test/accounts';
import { basketOf, FIRST_DELIVERY, place, shopper, type Shopper } from '../test/checkout';
import { databaseState } from '../test/database-state';
import { createTestApp, Visitor, type TestApp } from '../test/harness';
import { WEEKS } from '../test/test-clock';

// The issue 8 fuzz ("Done when"): every POST, PUT and PATCH in the OpenAPI document, as a signed-in customer
// and as a visitor, with path parameters that name real things, gets malformed bodies: each field in turn of
// the wrong type, null, a list or an object where a scalar belongs, NUL and lone surrogates in every string,
// strings one over their limit, 100,000 characters (over the 64 KB body limit), unknown fields, and whole
// bodies that are not objects, not JSON, too big or too deep. Every answer must be a 4xx, a refused field must
// be the one we broke (so the rest of each body is valid and the handler would have run had the broken field
// been let through), and no row in the database may change. A plain enumeration: the same requests every run.

type Schema = {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
};

interface Operation {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  body: Schema | null;
}

interface Mutation {
  /** What was broken, for the report. */
  label: string;
  /** The broken field (wire names), or null for the body as a whole. */
  field: string[] | null;
  payload: string;
  contentType?: string;
}

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
/** An id of the right shape that names nothing. */
const NO_SUCH_ID = '00000000-0000-4000-8000-00000000f022';

/** Valid values for fields whose rules are more than their JSON schema says (dates, ids, passwords…). */
const SAMPLES: Record<string, unknown> = {
  email: 'fuzz@example.com',
  password: 'a long and valid passphrase 42',
  current_password: PASSWORD,
  first_name: 'Fuzz',
  last_name: 'Tester',
  name: 'Fuzz Tester',
  postcode: 'SW1A 2AA',
  zip: 'SW1A 2AA',
  country_code: 'GB',
  phone: '07911 123456',
  delivery_date: FIRST_DELIVERY,
  meal_week: WEEKS.next,
  begin_date: WEEKS.next,
  end_date: WEEKS.later,
  date_of_birth: '1990-01-01',
  product_variant_id: variantGid(1),
  target_url: '/account',
  return_path: '/account',
  token: 'fuzz-token-0123456789abcdef',
  code: 'FUZZCODE0123',
  access_token: 'fuzz-access-token-0123456789',
  nonce: 'fuzz-nonce-0123',
  fingerprint: 'fuzz-fingerprint',
  customer_id: NO_SUCH_ID,
  setup_intent_id: 'seti_fuzz0123456789',
  payment_intent_id: 'pi_fuzz0123456789',
  // A support question says enough to act on (domain/support.ts: at least 10 characters).
  message: 'Where is my order? It was due at six.',
};

/** Bodies whose rules span fields (an address needs a street, a town and a postcode; dates come in pairs). */
const BASE_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/v2/addresses': { address1: '10 Downing Street', city: 'London', zip: 'SW1A 2AA' },
  'POST /api/v2/delivery_dates': { begin_date: WEEKS.next, end_date: WEEKS.later },
  // Spec §5: an estimate is asked with all of these (a slot Soho offers on the test's Wednesday).
  'POST /api/v2/delivery_estimation': {
    restaurant_id: 'soho',
    time_slot: { asap: false, start_time: '2026-11-18T12:15:00.000Z' },
    address1: '10 Downing Street',
    city: 'London',
    zip: 'SW1A 2AA',
    country: 'United Kingdom',
    lat: 51.503541,
    lon: -0.12767,
  },
  // A split is one of three shapes; the fuzz breaks each field of the evenly one.
  'POST /api/v2/orders/open_tab/split': { split: { kind: 'evenly', parts: 2 } },
  // A change to an event booking is one of four shapes; the fuzz breaks the cancel one.
  'POST /api/v2/event_bookings/{id}/quote': { kind: 'cancel' },
  'POST /api/v2/event_bookings/{id}/changes': { kind: 'cancel' },
  // A refund is some pence (the back office, issue 25 part 4); a plan action is one of three shapes: the fuzz
  // breaks each field of the resume one.
  'POST /api/v2/back_office/orders/{id}/refunds': { amount: 100 },
  'POST /api/v2/back_office/customers/{id}/plan_actions': { action: 'resume', subscription_id: NO_SUCH_ID },
  // A voucher code's dates and free dish are each a value or null (the back office, issue 25 part 3).
  'POST /api/v2/back_office/vouchers': { start_date: null, addon_variant_id: null },
  'PUT /api/v2/back_office/vouchers/{id}': { start_date: null, addon_variant_id: null },
  'POST /api/v2/back_office/banners': { start_date: null },
  'PUT /api/v2/back_office/banners/{id}': { start_date: null },
  // A new date of an event is a day and a time (the back office, issue 25 part 3); a child price may be null.
  'POST /api/v2/back_office/event_slots': { date: WEEKS.next, start_time: '18:30', child_price: null },
  'PATCH /api/v2/back_office/event_slots/{id}': { child_price: null },
};

/** A valid value for a field: its sample, else the simplest value its schema allows. */
function validValue(name: string, schema: Schema): unknown {
  if (name in SAMPLES) return SAMPLES[name];
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'string':
      return schema.pattern === UUID ? NO_SUCH_ID : 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => validValue(name, schema.items ?? {}));
    case 'object':
      return validObject(schema);
    default:
      return null;
  }
}

/** The required fields of an object, each valid. */
function validObject(schema: Schema): Record<string, unknown> {
  return Object.fromEntries(
    (schema.required ?? []).map((name) => [name, validValue(name, schema.properties?.[name] ?? {})]),
  );
}

/** Values the schema refuses for a field, each with a name for the report. */
function badValues(schema: Schema): [string, unknown][] {
  const type = schema.type;
  const bad: [string, unknown][] = [];
  if (!schema.nullable) bad.push(['null', null]);
  if (type !== 'string') bad.push(['a string', 'fuzz']);
  if (type !== 'number' && type !== 'integer') bad.push(['a number', 12345]);
  if (type !== 'boolean') bad.push(['a boolean', true]);
  if (type !== 'array') bad.push(['a list', ['fuzz']]);
  if (type !== 'object') bad.push(['an object', { fuzz: 'fuzz' }]);
  if (type === 'string') {
    bad.push(
      ['a NUL', 'fuzz\u0000fuzz'],
      ['a lone high surrogate', 'fuzz\ud800'],
      ['a lone low surrogate', '\udc00fuzz'],
      ['100,000 characters', 'x'.repeat(100_000)],
    );
    if (schema.maxLength !== undefined && schema.maxLength < 60_000) {
      bad.push(['one character too many', 'x'.repeat(schema.maxLength + 1)]);
    }
    if (schema.enum) bad.push(['a value not listed', 'NotAValue']);
  }
  if (type === 'integer') bad.push(['a fraction', 1.5]);
  if (type === 'integer' || type === 'number') {
    if (schema.maximum !== undefined) bad.push(['over the maximum', schema.maximum + 1]);
    if (schema.minimum !== undefined) bad.push(['under the minimum', schema.minimum - 1]);
  }
  return bad;
}

/** Every (field, bad value) of a schema, nested objects, lists and records included. */
function fieldMutations(
  schema: Schema,
  path: string[] = [],
): { path: string[]; label: string; value: unknown }[] {
  const out: { path: string[]; label: string; value: unknown }[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const at = [...path, name];
    for (const [label, value] of badValues(property)) out.push({ path: at, label, value });
    if (property.type === 'object') {
      out.push(...fieldMutations(property, at));
      if (property.additionalProperties === false) {
        out.push({
          path: at,
          label: 'an unknown field',
          value: { ...validObject(property), fuzz_unknown: 1 },
        });
      } else if (typeof property.additionalProperties === 'object') {
        for (const [label, value] of badValues(property.additionalProperties)) {
          out.push({ path: at, label: `an entry that is ${label}`, value: { fuzz: value } });
        }
      }
    }
    if (property.type === 'array' && property.items) {
      for (const [label, value] of badValues(property.items)) {
        out.push({ path: at, label: `a list holding ${label}`, value: [value] });
      }
      if (property.maxItems !== undefined && property.maxItems < 1_000) {
        const item = validValue(name, property.items);
        out.push({ path: at, label: 'one item too many', value: Array(property.maxItems + 1).fill(item) });
      }
    }
  }
  return out;
}

function withField(base: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(base);
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
  return copy;
}

/** Bodies no route may take, whether it takes a body or not. */
function refusedEverywhere(base: Record<string, unknown>): Mutation[] {
  const json = JSON.stringify(base);
  return [
    { label: 'a NUL in an unknown field', field: null, payload: JSON.stringify({ ...base, fuzz: '\u0000' }) },
    { label: 'a NUL in a key', field: null, payload: JSON.stringify({ ...base, 'fuzz\u0000': 1 }) },
    {
      label: 'a lone surrogate deep down',
      field: null,
      payload: JSON.stringify({ ...base, fuzz: [{ a: '\ud800' }] }),
    },
    { label: 'JSON cut short', field: null, payload: json.slice(0, -1) },
    { label: 'not JSON', field: null, payload: 'fuzz=1&b=2' },
    { label: 'prototype poisoning', field: null, payload: `{"__proto__":{"admin":true},${json.slice(1)}` },
    {
      label: 'over the body limit',
      field: null,
      payload: JSON.stringify({ ...base, fuzz: 'x'.repeat(BODY_LIMIT) }),
    },
    { label: 'sent as text/plain', field: null, payload: json, contentType: 'text/plain' },
    {
      label: 'sent as a form',
      field: null,
      payload: 'a=b',
      contentType: 'application/x-www-form-urlencoded',
    },
  ];
}

function mutationsOf(operation: Operation, schema: Schema): Mutation[] {
  const base = { ...validObject(schema), ...BASE_BODIES[`${operation.method} ${operation.path}`] };
  const whole: Mutation[] = [
    ...(
      [
        ['null', null],
        ['a list', [base]],
        ['a string', 'fuzz'],
        ['a number', 12345],
        ['true', true],
      ] as [string, unknown][]
    ).map(([label, value]) => ({
      label: `a body that is ${label}`,
      field: null,
      payload: JSON.stringify(value),
    })),
    { label: 'an empty body', field: null, payload: '' },
    {
      label: 'an unknown field',
      field: ['fuzz_unknown'],
      payload: JSON.stringify({ ...base, fuzz_unknown: 1 }),
    },
    { label: 'nested 5,000 deep', field: null, payload: `{"fuzz":${'['.repeat(5_000)}${']'.repeat(5_000)}}` },
    ...refusedEverywhere(base),
  ];
  const fields = fieldMutations(schema).map(({ path, label, value }) => ({
    label: `${path.join('.')} is ${label}`,
    field: path,
    payload: JSON.stringify(withField(base, path, value)),
  }));
  return [...whole, ...fields];
}

let t: TestApp;
let app: FastifyInstance;
const logs: string[] = [];
let customer: Shopper;
let visitor: Visitor;
/** Path parameters that name real things, per actor. */
let customerIds: Record<string, string>;
let visitorIds: Record<string, string>;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  // The same app with its logger on, so a 5xx can be reported with its cause.
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error' }),
    database: t.database,
    clock: t.clock,
    serveWeb: false,
    logStream: { write: (line) => void logs.push(line) },
  });
  await app.ready();
  const shim: TestApp = { ...t, app, visitor: () => new Visitor(app, t.config.branch) };

  customer = await shopper(shim);
  const { orderId } = await place(customer, await basketOf(customer.visitor, [[1, 2]]));
  const basketId = await basketOf(customer.visitor, [[2, 1]]);
  const basket = await customer.visitor.get(`${API}/baskets/${basketId}`);
  customerIds = {
    baskets: basketId,
    items: basket.body.data.relationships.items.data[0].id,
    addresses: customer.addressId,
    orders: orderId,
    type: 'RecipeKitBasket',
  };

  visitor = shim.visitor();
  const visitorBasketId = await basketOf(visitor, [[4, 1]]);
  const visitorBasket = await visitor.get(`${API}/baskets/${visitorBasketId}`);
  visitorIds = {
    baskets: visitorBasketId,
    items: visitorBasket.body.data.relationships.items.data[0].id,
    type: 'RecipeKitBasket',
  };

  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['post', 'put', 'patch'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase() as Operation['method'],
        path,
        body: operation.requestBody?.content['application/json']?.schema ?? null,
      })),
  );
}, 60_000);
afterAll(async () => {
  await app?.close();
  await t?.close();
});

/** "/api/v2/baskets/{id}/items/{itemId}" with the actor's basket and item. */
function urlOf(path: string, ids: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string, offset: number) => {
    if (name === 'itemId') return ids.items ?? NO_SUCH_ID;
    if (name === 'type') return ids.type ?? 'RecipeKitBasket';
    if (name !== 'id') return NO_SUCH_ID;
    const collection = path.slice(0, offset).split('/').filter(Boolean).at(-1) ?? '';
    return ids[collection] ?? NO_SUCH_ID;
  });
}

function pointerOf(field: string[]): string {
  return `/${field.join('/')}`;
}

describe('malformed bodies on every POST, PUT and PATCH', () => {
  test('are refused with a 4xx naming the broken field, and change nothing', async () => {
    expect(operations.length).toBeGreaterThan(30);
    const problems: string[] = [];
    const before = await databaseState(t);
    let sent = 0;
    for (const [actor, client, ids] of [
      ['customer', customer.visitor, customerIds],
      ['visitor', visitor, visitorIds],
    ] as const) {
      for (const operation of operations) {
        const url = urlOf(operation.path, ids);
        // A route that takes no body ignores a well-formed one (and does its work): it gets only the bodies no
        // route may take.
        const mutations = operation.body ? mutationsOf(operation, operation.body) : refusedEverywhere({});
        for (const mutation of mutations) {
          logs.length = 0;
          const response = await client.request(operation.method, url, {
            raw: mutation.payload,
            headers: { 'content-type': mutation.contentType ?? 'application/json' },
          });
          sent++;
          const where = `${actor} ${operation.method} ${operation.path} with ${mutation.label}`;
          if (response.status < 400 || response.status >= 500) {
            const cause = logs.map((line) => JSON.parse(line).err?.message).filter(Boolean);
            problems.push(
              `${where}: ${response.status} ${JSON.stringify(response.body).slice(0, 300)} ${cause.join(' | ')}`,
            );
            continue;
          }
          // The field refused is the one broken: the rest of the body was valid.
          if (mutation.field && response.status === 400) {
            const pointers = (response.body.errors as { source?: { pointer?: string } }[]).map(
              (error) => error.source?.pointer ?? '(none)',
            );
            const expected = pointerOf(mutation.field);
            const others = pointers.filter(
              (pointer) => pointer !== expected && !pointer.startsWith(`${expected}/`),
            );
            if (others.length > 0)
              problems.push(`${where}: also refused ${others.join(', ')} (fix the test's valid body)`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await databaseState(t)).toEqual(before);
    // Both actors, every operation, dozens of bodies each.
    expect(sent).toBeGreaterThan(operations.length * 2 * 10);
  }, 120_000);
});
