import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { $ZodIssue, $ZodType } from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import { camelKeys, camelQueryKey, camelToSnake, snakeKeys } from '../../contracts/case';
import { answerWriter, REFUSED } from './answer-writer';

// Fastify validates requests and serialises responses with the contracts' zod schemas. Requests arrive
// snake_case and are camelCased before validation; responses are validated (which also strips anything a
// schema does not list, so rows never leak) and then snake_cased. This is the server's one conversion.

export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly statusCode = 400;
  constructor(
    readonly part: string,
    readonly issues: readonly { pointer: string; detail: string }[],
  ) {
    super(issues.map((issue) => issue.detail).join('; '));
  }
}

function toWirePath(path: readonly PropertyKey[]): string {
  return path
    .map((segment) => (typeof segment === 'string' ? camelToSnake(segment) : String(segment)))
    .join('.');
}

/** A person-readable sentence for a zod issue, naming the field as it is on the wire. */
export function describeIssue(issue: $ZodIssue): { pointer: string; detail: string }[] {
  const field = toWirePath(issue.path);
  const subject = field ? `${field}` : 'The request';
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => {
        const name = toWirePath([...issue.path, key]);
        return {
          pointer: `/${name.replaceAll('.', '/')}`,
          detail: `${name} is not a field this request accepts`,
        };
      });
    case 'invalid_type':
      return [
        {
          pointer: `/${field.replaceAll('.', '/')}`,
          detail:
            issue.input === undefined
              ? `${subject} is required`
              : `${subject} must be ${article(issue.expected)}`,
        },
      ];
    case 'too_small':
      return [
        {
          pointer: `/${field.replaceAll('.', '/')}`,
          detail:
            issue.origin === 'array'
              ? `${subject} must have at least ${issue.minimum} item${issue.minimum === 1 ? '' : 's'}`
              : issue.origin === 'string'
                ? `${subject} must be at least ${issue.minimum} character${issue.minimum === 1 ? '' : 's'}`
                : `${subject} must be at least ${issue.minimum}`,
        },
      ];
    case 'too_big':
      return [
        {
          pointer: `/${field.replaceAll('.', '/')}`,
          detail:
            issue.origin === 'array'
              ? `${subject} must have at most ${issue.maximum} items`
              : issue.origin === 'string'
                ? `${subject} must be at most ${issue.maximum} characters`
                : `${subject} must be at most ${issue.maximum}`,
        },
      ];
    case 'invalid_value':
      return [
        {
          pointer: `/${field.replaceAll('.', '/')}`,
          detail: `${subject} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`,
        },
      ];
    case 'invalid_format':
      return [
        {
          pointer: `/${field.replaceAll('.', '/')}`,
          // A regex check carries its own message ("must be an id"); "is not a valid regex" would be wrong.
          detail:
            issue.format === 'regex' && issue.message && issue.message !== 'Invalid input'
              ? ownMessage(subject, issue.message)
              : `${subject} is not a valid ${issue.format}`,
        },
      ];
    default:
      return [
        {
          pointer: `/${field.replaceAll('.', '/')}`,
          detail:
            issue.message && issue.message !== 'Invalid input'
              ? ownMessage(subject, issue.message)
              : `${subject} is not valid`,
        },
      ];
  }
}

/**
 * A schema's own message: a phrase ("must be an id") follows the field's name; a sentence written for the
 * customer ("Enter a valid UK postcode, like SW1A 1AA"), which the web app may show as it is, stands alone.
 */
export function ownMessage(subject: string, message: string): string {
  return /^\p{Lu}/u.test(message) ? message : `${subject} ${message}`;
}

function article(expected: string): string {
  if (expected === 'int') return 'a whole number';
  if (expected === 'array') return 'a list';
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/** Far deeper than any request this API takes; checked before the (recursive) key conversion. */
export const MAX_BODY_DEPTH = 32;

/** Iterative, so that a small body nested thousands deep cannot overflow the stack. */
function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

function prepare(part: string | undefined, data: unknown): unknown {
  if (part === 'body') return camelKeys(data);
  if ((part === 'querystring' || part === 'params') && data && typeof data === 'object') {
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [camelQueryKey(key), value]));
  }
  return data;
}

/**
 * Zod runs its length checks even on a value of the wrong type, so a list sent where a string belongs
 * would also read "must have at least 8 items". The wrong type is the one problem with such a field.
 */
function withoutFollowOnIssues(issues: readonly $ZodIssue[]): $ZodIssue[] {
  const key = (issue: $ZodIssue) => JSON.stringify(issue.path);
  const wrongType = new Set(issues.filter((issue) => issue.code === 'invalid_type').map(key));
  return issues.filter((issue) => issue.code === 'invalid_type' || !wrongType.has(key(issue)));
}

export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    if (httpPart === 'body' && nestedDeeperThan(data, MAX_BODY_DEPTH)) {
      return {
        error: new RequestValidationError('body', [
          { pointer: '/', detail: `The request body is nested more than ${MAX_BODY_DEPTH} levels deep` },
        ]),
      };
    }
    // reportInput: without it zod leaves `issue.input` undefined, and every wrong type reads "is required".
    const result = safeParse(schema, prepare(httpPart, data), { reportInput: true });
    if (result.success) return { value: result.data };
    return {
      error: new RequestValidationError(
        httpPart ?? 'request',
        withoutFollowOnIssues(result.error.issues).flatMap(describeIssue),
      ),
    };
  };

export class ResponseContractError extends Error {
  override name = 'ResponseContractError';
}

/**
 * An answer is sent only as its contract allows (decision 31: a production page reads it without parsing).
 * Its writer (answer-writer.ts) checks it and makes its JSON in one pass; what the writer refuses, zod
 * checks again, to say what is wrong, or, should the writer have refused a good answer, to write it.
 */
export const serializerCompiler: FastifySerializerCompiler<$ZodType> = ({ schema, url, method }) => {
  const write = answerWriter(schema);
  return (data) => {
    const written = write(data);
    if (written !== REFUSED) return written;
    // reportInput: a wrong type then reads "must be an int", not "is required" (the value is never logged).
    const result = safeParse(schema, data, { reportInput: true });
    if (!result.success) {
      throw new ResponseContractError(
        `${method} ${url}: the response breaks its contract: ${result.error.issues
          .flatMap(describeIssue)
          .map((issue) => issue.detail)
          .join('; ')}`,
      );
    }
    return JSON.stringify(snakeKeys(result.data));
  };
};
