import { describe, expect, test } from 'vitest';
import { describeDatabaseError, isDatabaseUnavailable } from './availability';

// Which failures answer 503 DATABASE_UNAVAILABLE with Retry-After (decision 26): the database gone, starting,
// full, read-only or too slow, however the driver or drizzle wraps it; never a request's own fault, and
// never an outside service's socket error.

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const drizzleWrapped = (cause: unknown) =>
  Object.assign(new Error('Failed query: insert into "customers" … params: secret'), { cause });

describe('isDatabaseUnavailable', () => {
  test.each([
    ['a backend terminated (57P01)', pgError('57P01', 'terminating connection due to administrator command')],
    ['a server starting up (57P03)', pgError('57P03', 'the database system is starting up')],
    ['a statement timeout (57014)', pgError('57014', 'canceling statement due to statement timeout')],
    ['a full disk (53100)', pgError('53100', 'could not extend file')],
    ['too many connections (53300)', pgError('53300')],
    ['a connection failure (08006)', pgError('08006')],
    ['a read-only database (25006)', pgError('25006', 'cannot execute INSERT in a read-only transaction')],
    ['a refused connection', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    [
      'a client that lost its connection',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
    ['no answer in time', new Error('Query read timeout')],
    ['any of them wrapped by drizzle', drizzleWrapped(pgError('57P01'))],
  ])('%s is', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test.each([
    ['a unique violation (23505)', drizzleWrapped(pgError('23505'))],
    ['a deadlock (40P01: retried, not refused)', pgError('40P01')],
    ['a syntax error (42601)', pgError('42601')],
    [
      'an outside service refusing a fetch',
      new TypeError('fetch failed', { cause: pgError('ECONNREFUSED') }),
    ],
    ['a plain failure', new Error('something else')],
    ['nothing', undefined],
  ])('%s is not', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

test('the description is the driver’s code and first line, never the statement or its values', () => {
  expect(describeDatabaseError(drizzleWrapped(pgError('57P01', 'terminating connection\nDETAIL: x')))).toBe(
    '57P01: terminating connection',
  );
  expect(describeDatabaseError(new Error('Connection terminated unexpectedly'))).toBe(
    'Connection terminated unexpectedly',
  );
});
