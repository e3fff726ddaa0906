import * as z from 'zod/mini';
import { ERROR_CODES, type ErrorCode } from '../domain/errors';

// The error document of /api/v2 (architecture decision 7): `{ errors: [{ status, code, detail, source?,
// meta? }], meta: { requestId } }`. `code` is one of the shop's stable codes (src/domain/errors.ts): the
// web app branches on it, never on the HTTP status or the text.

export { ERROR_CODES, type ErrorCode };

export const errorCodeSchema = z.enum(ERROR_CODES);

/** Which part of the request it is about: `/email` (a body field) or a query parameter. */
const errorSource = z.optional(
  z.object({ pointer: z.optional(z.string()), parameter: z.optional(z.string()) }),
);
const errorMeta = z.optional(z.record(z.string(), z.unknown()));

// Written out, not spread from a shared object: a spread or a property read at the top of a module is kept
// by the bundler, and with it zod, in every page's first JS (decision 31).
export const apiErrorSchema = z.object({
  status: z.string(),
  title: z.optional(z.string()),
  detail: z.string(),
  source: errorSource,
  meta: errorMeta,
  code: errorCodeSchema,
});
export type ApiErrorObject = z.infer<typeof apiErrorSchema>;

export const errorDocument = z.object({
  errors: z.array(apiErrorSchema),
  meta: z.optional(z.object({ requestId: z.optional(z.string()) })),
});
export type ErrorDocument = z.infer<typeof errorDocument>;

/** The shop failed (a 5xx): the same request may work later; nothing the customer changes helps. */
export const FAILURE_CODES = [
  'INTERNAL',
  'PAYMENT_PROCESSOR_ERROR',
  'ADDRESS_LOOKUP_UNAVAILABLE',
  'DATABASE_UNAVAILABLE',
] as const satisfies readonly ErrorCode[];

/** Not signed in, or a sign-in refused (a 401): spec §8, any call answering so signs the customer out. */
export const SIGNED_OUT_CODES = [
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'SOCIAL_SIGN_IN_FAILED',
] as const satisfies readonly ErrorCode[];

/**
 * What a code of ours looks like: the browser keeps any such code as the server sent it (a screen branches only
 * on codes it names, so one it does not know is handled as any refusal), and reads anything else as INTERNAL.
 * Checking the shape, not the list, keeps the list of every code (the back office's too) out of every page's
 * first JS.
 */
export const CODE_SHAPE = /^[A-Z][A-Z0-9_]{1,63}$/;

/** The code an answer gets when its own is none of ours (a newer or a foreign server): a general failure. */
export const UNKNOWN_CODE_AS: ErrorCode = 'INTERNAL';

/**
 * An error document as a client reads it (camelCased): a code shaped as ours is kept (CODE_SHAPE); anything
 * else, or none, becomes INTERNAL, keeping its detail, and a missing detail gets a general sentence.
 */
export const receivedErrorDocument = z.object({
  errors: z.catch(
    z.array(
      z.object({
        status: z.catch(z.string(), ''),
        title: z.optional(z.string()),
        detail: z.catch(z.string(), 'Something went wrong'),
        source: z.catch(errorSource, undefined),
        meta: z.catch(errorMeta, undefined),
        code: z.catch(
          z.string().check(z.regex(CODE_SHAPE)) as unknown as typeof errorCodeSchema,
          UNKNOWN_CODE_AS,
        ),
      }),
    ),
    [],
  ),
  meta: z.catch(z.optional(z.object({ requestId: z.optional(z.string()) })), undefined),
});

export type ReceivedErrorDocument = z.infer<typeof receivedErrorDocument>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, otherwise: string) => (typeof value === 'string' ? value : otherwise);

/**
 * `receivedErrorDocument`'s reading, without zod: what a browser does with every error answer, so the
 * schema stays out of a page's first JS (decision 31). errors.test.ts holds the two equal on any input.
 */
export function readErrorDocument(value: unknown): ReceivedErrorDocument | null {
  if (!isObject(value)) return null;
  const { errors, meta } = value;
  const read = (error: unknown): ReceivedErrorDocument['errors'][number] | null => {
    if (!isObject(error) || (error.title !== undefined && typeof error.title !== 'string')) return null;
    const { source } = error;
    const sourceFits =
      isObject(source) &&
      ['pointer', 'parameter'].every((key) => source[key] === undefined || typeof source[key] === 'string');
    return {
      status: text(error.status, ''),
      ...(error.title === undefined ? {} : { title: error.title as string }),
      detail: text(error.detail, 'Something went wrong'),
      source: sourceFits
        ? {
            ...(source.pointer === undefined ? {} : { pointer: source.pointer as string }),
            ...(source.parameter === undefined ? {} : { parameter: source.parameter as string }),
          }
        : undefined,
      meta: isObject(error.meta) ? { ...error.meta } : undefined,
      code:
        typeof error.code === 'string' && CODE_SHAPE.test(error.code)
          ? (error.code as ErrorCode)
          : UNKNOWN_CODE_AS,
    };
  };
  const list = Array.isArray(errors) ? errors.map(read) : null;
  const requestFits = isObject(meta) && (meta.requestId === undefined || typeof meta.requestId === 'string');
  return {
    errors: list && list.every((error) => error !== null) ? (list as ReceivedErrorDocument['errors']) : [],
    meta: requestFits
      ? meta.requestId === undefined
        ? {}
        : { requestId: meta.requestId as string }
      : undefined,
  };
}
