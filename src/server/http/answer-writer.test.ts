import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import * as z from 'zod/mini';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { basketDocument } from '../../contracts/baskets';
import { snakeKeys } from '../../contracts/case';
import { emptyBasketAnswer } from '../test/answers';
import { answerWriter, REFUSED } from './answer-writer';

// An answer's writer (answer-writer.ts) sends only what zod's check would: for any value, it writes the very
// text zod's parse, snake_case keys and JSON.stringify make of it, or refuses what zod refuses.

/** What the server sent before the writer: zod's parse, snake_case keys, JSON. */
function byZod(schema: $ZodType, value: unknown): string | typeof REFUSED {
  const result = safeParse(schema, value);
  if (!result.success) return REFUSED;
  return JSON.stringify(snakeKeys(result.data)) ?? REFUSED;
}

interface Def {
  type: string;
  checks?: {
    _zod: { def: { check: string; minimum?: number; maximum?: number; value?: unknown; pattern?: RegExp } };
  }[];
  shape?: Record<string, $ZodType>;
  element?: $ZodType;
  innerType?: $ZodType;
  options?: $ZodType[];
  valueType?: $ZodType;
  in?: $ZodType;
  pattern?: RegExp;
}
const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

/** Values that break most schemas: in place of any part, now and then. */
const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string({ maxLength: 4 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant({}),
  fc.constant([]),
  fc.constant(Number.NaN),
);

/**
 * Strings a pattern takes, where fast-check can make them (it matches without flags, so a case-blind
 * pattern gets one of its cases, and it knows no lookaheads).
 */
function matching(pattern: RegExp): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern.source, pattern.flags.replace(/[^msu]/g, '')));
  } catch {
    return fc.string({ maxLength: 8 });
  }
}

/** Strings near a schema's limits and patterns, in UTF-16 units and code points (zod counts the latter). */
function strings(def: Def): fc.Arbitrary<string> {
  const choices: fc.Arbitrary<string>[] = [
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'binary', maxLength: 6 }),
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
    fc.constantFrom('2026-02-29', '2028-02-29', '0099-01-01', '2026-13-01', '', ' ', 'abc'),
    fc.uuid(),
  ];
  const patterns = [def.pattern, ...(def.checks ?? []).map((check) => check._zod.def.pattern)];
  for (const pattern of patterns) if (pattern) choices.push(matching(pattern));
  for (const check of def.checks ?? []) {
    const limit = check._zod.def.maximum ?? check._zod.def.minimum;
    if (limit === undefined || limit > 400) continue;
    const around = { minLength: Math.max(0, limit - 2), maxLength: limit + 2 };
    choices.push(fc.string(around), fc.string({ ...around, unit: 'binary' }));
  }
  return fc.oneof(...choices);
}

function numbers(def: Def): fc.Arbitrary<number> {
  const bounds = (def.checks ?? [])
    .map((check) => check._zod.def.value)
    .filter((value): value is number => typeof value === 'number');
  return fc.oneof(
    fc.integer({ min: -1000, max: 1000 }),
    fc.double(),
    fc.constantFrom(
      0,
      -0,
      0.5,
      Number.MAX_SAFE_INTEGER + 2,
      Infinity,
      ...bounds.flatMap((b) => [b - 1, b, b + 1]),
    ),
  );
}

/** Values for a schema: mostly its own shape, with parts broken, missing or added now and then. */
function valuesOf(schema: $ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const of = (inner: $ZodType) => valuesOf(inner, depth + 1);
  let shaped: fc.Arbitrary<unknown>;
  if (depth > 6) shaped = fc.anything({ maxDepth: 1 });
  else
    switch (def.type) {
      case 'string':
        shaped = strings(def);
        break;
      case 'number':
        shaped = numbers(def);
        break;
      case 'boolean':
        shaped = fc.boolean();
        break;
      case 'literal':
      case 'enum':
        shaped = fc.constantFrom(...(schema._zod.values ?? [null]));
        break;
      case 'object': {
        const model = Object.fromEntries(
          Object.entries(def.shape ?? {}).map(([key, field]) => [key, of(field)]),
        );
        shaped = fc
          .tuple(
            fc.record(model),
            fc.option(fc.constantFrom(...Object.keys(model), 'extra')),
            fc.option(fc.string({ maxLength: 6 })),
          )
          .map(([record, drop, extra]) => {
            const value = Object.fromEntries(Object.entries(record).filter(([key]) => key !== drop));
            if (extra !== null) value[extra] = 'added';
            return value;
          });
        break;
      }
      case 'array':
        shaped = fc.array(of(def.element!), { maxLength: 3 });
        break;
      case 'nullable':
        shaped = fc.oneof(fc.constant(null), of(def.innerType!));
        break;
      case 'optional':
        shaped = fc.oneof(fc.constant(undefined), of(def.innerType!));
        break;
      case 'union':
        shaped = fc.oneof(...def.options!.map(of));
        break;
      case 'record':
        shaped = fc.dictionary(fc.string({ maxLength: 6 }), of(def.valueType!), { maxKeys: 3 });
        break;
      case 'pipe':
        shaped = of(def.in!);
        break;
      case 'default':
      case 'catch':
      case 'prefault':
      case 'readonly':
      case 'nonoptional':
        shaped = of(def.innerType!);
        break;
      default:
        shaped = fc.anything({ maxDepth: 2 });
    }
  return fc.oneof({ weight: 8, arbitrary: shaped }, { weight: 1, arbitrary: junk });
}

/** Every schema the contracts export (the API's answers among them), by module and name. */
function contractSchemas(): [string, $ZodType][] {
  const modules = import.meta.glob<Record<string, unknown>>(['../../contracts/*.ts', '!**/*.test.ts'], {
    eager: true,
  });
  const found: [string, $ZodType][] = [];
  for (const [file, module] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(module)) {
      const zod = (value as { _zod?: { def?: unknown } } | null)?._zod;
      if (zod?.def) found.push([`${file} ${name}`, value as $ZodType]);
    }
  }
  return found;
}

describe('every schema of the contracts', () => {
  // Some 300 schemas, each with its own property: 10 s on a quiet machine, several times that beside the
  // browser journeys. Time is never what it tests.
  test('is written as zod writes it, and refused where zod refuses it', { timeout: 180_000 }, () => {
    const schemas = contractSchemas();
    expect(schemas.length).toBeGreaterThan(200);
    for (const [name, schema] of schemas) {
      const write = answerWriter(schema);
      fc.assert(
        fc.property(valuesOf(schema), (value) => {
          expect(write(value), name).toBe(byZod(schema, value));
        }),
        { numRuns: 60 },
      );
    }
  });
});

describe('an answer', () => {
  const line = z.object({
    productId: z.string(),
    quantity: z.int().check(z.gte(1), z.lte(20)),
    note: z.optional(z.nullable(z.string().check(z.maxLength(3)))),
    extra: z.unknown(),
  });
  const write = answerWriter(line);

  test('loses the keys its contract does not list and is sent snake_case', () => {
    expect(write({ productId: 'p1', quantity: 2, note: null, extra: { camelKey: 1 }, secret: 'x' })).toBe(
      '{"product_id":"p1","quantity":2,"note":null,"extra":{"camel_key":1}}',
    );
  });

  test('leaves out an optional value that is not there', () => {
    expect(write({ productId: 'p1', quantity: 2, extra: 1 })).toBe(
      '{"product_id":"p1","quantity":2,"extra":1}',
    );
  });

  test('is refused when a required value is missing, of the wrong type or outside its checks', () => {
    expect(write({ quantity: 2, extra: 1 })).toBe(REFUSED);
    expect(write({ productId: 'p1', quantity: 2 })).toBe(REFUSED);
    expect(write({ productId: 'p1', quantity: '2', extra: 1 })).toBe(REFUSED);
    expect(write({ productId: 'p1', quantity: 2.5, extra: 1 })).toBe(REFUSED);
    expect(write({ productId: 'p1', quantity: 21, extra: 1 })).toBe(REFUSED);
    expect(write({ productId: 'p1', quantity: 2, note: 'four', extra: 1 })).toBe(REFUSED);
    expect(write([])).toBe(REFUSED);
    expect(write(null)).toBe(REFUSED);
  });

  test('counts a string’s length in characters, as zod does', () => {
    // Three emoji are six UTF-16 units.
    expect(write({ productId: 'p1', quantity: 1, note: '😀😀😀', extra: 1 })).toBe(
      '{"product_id":"p1","quantity":1,"note":"😀😀😀","extra":1}',
    );
  });

  test('of a strict object is refused with a key it does not know', () => {
    const strict = answerWriter(z.strictObject({ id: z.string() }));
    expect(strict({ id: 'a' })).toBe('{"id":"a"}');
    expect(strict({ id: 'a', other: 1 })).toBe(REFUSED);
  });

  test('with a value zod converts (z.coerce) is written as zod converts it', () => {
    const count = answerWriter(z.object({ n: z.coerce.number() }));
    expect(count({ n: '3' })).toBe('{"n":3}');
    expect(count({ n: 'three' })).toBe(REFUSED);
  });

  test('with a part the writer leaves to zod (a transform) is written as zod makes it', () => {
    const schema = z.object({
      when: z.pipe(
        z.string(),
        z.transform((text) => text.toUpperCase()),
      ),
    });
    expect(answerWriter(schema)({ when: 'noon' })).toBe('{"when":"NOON"}');
    expect(answerWriter(schema)({ when: 1 })).toBe(REFUSED);
  });

  test('of a union takes the first option that fits', () => {
    const either = answerWriter(
      z.union([z.object({ a: z.string() }), z.object({ a: z.string(), b: z.int() })]),
    );
    expect(either({ a: 'x', b: 1 })).toBe('{"a":"x"}');
  });
});

test('a basket’s answer is checked and written without zod’s parser', () => {
  const basket = emptyBasketAnswer();
  const write = answerWriter(basketDocument);
  const run = vi.spyOn(basketDocument._zod, 'run');
  const written = write(basket);
  expect(run).not.toHaveBeenCalled();
  expect(written).not.toBe(REFUSED);
  expect(written).toBe(byZod(basketDocument, basket));
  // Its dates are checked as the contract checks them.
  basket.data.attributes.deliveryDate = '2026-02-30';
  expect(write(basket)).toBe(REFUSED);
  expect(byZod(basketDocument, basket)).toBe(REFUSED);
});
