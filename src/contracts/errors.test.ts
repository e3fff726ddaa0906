import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  CODE_SHAPE,
  ERROR_CODES,
  errorCodeSchema,
  errorDocument,
  FAILURE_CODES,
  readErrorDocument,
  receivedErrorDocument,
  SIGNED_OUT_CODES,
} from './errors';

// The contracts' error codes are the server's: every code its one error handler maps to a status
// (STATUS_BY_CODE in src/server/http/problems.ts, read here as text: contracts never import the server).

function serverStatuses(): Map<string, number> {
  const source = readFileSync(new URL('../server/http/problems.ts', import.meta.url), 'utf8');
  const table = /STATUS_BY_CODE[^=]*=\s*\{([\s\S]*?)\n\};/.exec(source);
  if (!table) throw new Error('STATUS_BY_CODE not found in src/server/http/problems.ts');
  const entries = [...table[1]!.matchAll(/^\s*([A-Z_]+):\s*(\d{3}),/gm)].map(
    ([, code, status]) => [code!, Number(status)] as const,
  );
  return new Map(entries);
}

describe('error codes', () => {
  const statuses = serverStatuses();

  test('every code the server maps to a status is in the contracts’ list, and no other', () => {
    expect(statuses.size).toBeGreaterThan(40);
    expect([...statuses.keys()].sort()).toEqual([...ERROR_CODES].sort());
  });

  test('the failure codes are the server’s 5xx, the signed-out codes its 401s', () => {
    const withStatus = (test: (status: number) => boolean) =>
      [...statuses].filter(([, status]) => test(status)).map(([code]) => code);
    expect([...FAILURE_CODES].sort()).toEqual(withStatus((s) => s >= 500).sort());
    expect([...SIGNED_OUT_CODES].sort()).toEqual(withStatus((s) => s === 401).sort());
  });

  test('the error document accepts only known codes', () => {
    const one = { status: '404', code: 'ORDER_NOT_FOUND', detail: 'We could not find that order' };
    expect(errorDocument.safeParse({ errors: [one] }).success).toBe(true);
    expect(errorDocument.safeParse({ errors: [{ ...one, code: 'SOMETHING_NEW' }] }).success).toBe(false);
    expect(errorCodeSchema.safeParse('HTTP_500').success).toBe(false);
  });

  test('as received, a code not shaped as ours, or none, becomes INTERNAL and keeps its words', () => {
    const received = receivedErrorDocument.parse({
      errors: [
        { status: '503', code: 'http-503', detail: 'Please type your address instead.' },
        { status: '400', detail: 'No code at all' },
        { status: '402', code: 'PAYMENT_DECLINED', detail: 'Declined', meta: { hardDecline: true } },
      ],
      meta: { requestId: 'req-1' },
    });
    expect(received.errors.map((e) => [e.code, e.detail])).toEqual([
      ['INTERNAL', 'Please type your address instead.'],
      ['INTERNAL', 'No code at all'],
      ['PAYMENT_DECLINED', 'Declined'],
    ]);
    expect(received.errors[2]!.meta).toEqual({ hardDecline: true });
    expect(received.meta?.requestId).toBe('req-1');
    // A code of ours this page does not know (a newer server's) is kept as sent.
    const newer = receivedErrorDocument.parse({
      errors: [{ status: '409', code: 'SOMETHING_NEW', detail: 'No' }],
    });
    expect(newer.errors[0]!.code).toBe('SOMETHING_NEW');
  });

  test('every code of ours is shaped as one', () => {
    for (const code of ERROR_CODES) expect(code).toMatch(CODE_SHAPE);
  });
});

describe('an error document read without zod (decision 31)', () => {
  const anything = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.string(),
    fc.integer(),
    fc.constantFrom(...ERROR_CODES.slice(0, 5), 'NOT_OURS', 'not-ours', 'X'),
    fc.array(fc.string(), { maxLength: 2 }),
    fc.dictionary(fc.constantFrom('pointer', 'parameter', 'x'), fc.oneof(fc.string(), fc.integer()), {
      maxKeys: 3,
    }),
  );
  const error = fc.oneof(
    anything,
    fc.record(
      {
        status: anything,
        title: anything,
        code: anything,
        detail: anything,
        source: anything,
        meta: anything,
        other: anything,
      },
      { requiredKeys: [] },
    ),
  );
  const documents = fc.oneof(
    anything,
    fc.record(
      {
        errors: fc.oneof(anything, fc.array(error, { maxLength: 3 })),
        meta: fc.oneof(anything, fc.record({ requestId: anything, other: anything }, { requiredKeys: [] })),
      },
      { requiredKeys: [] },
    ),
  );

  test('reads every document as receivedErrorDocument does', () => {
    fc.assert(
      fc.property(documents, (value) => {
        const parsed = receivedErrorDocument.safeParse(value);
        expect(readErrorDocument(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
  });
});
