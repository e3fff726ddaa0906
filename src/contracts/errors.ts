import * as z from 'zod/mini';
import { ERROR_CODES, type ErrorCode } from '../domain/errors';

// The error document of /api/v2 (architecture decision 7): `{ errors: [{ status, code, detail, source?,
// meta? }], meta: { requestId } }`. `code` is one of the shop's stable codes (src/domain/errors.ts): the
// web app branches on it, never on the HTTP status or the text.

export { ERROR_CODES, type ErrorCode };

export const errorCodeSchema = z.enum(ERROR_CODES);

const errorFields = {
  status: z.string(),
  title: z.optional(z.string()),
  detail: z.string(),
  /** Which part of the request it is about: `/email` (a body field) or a query parameter. */
  source: z.optional(z.object({ pointer: z.optional(z.string()), parameter: z.optional(z.string()) })),
  meta: z.optional(z.record(z.string(), z.unknown())),
};

export const apiErrorSchema = z.object({ ...errorFields, code: errorCodeSchema });
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

/** The code an answer gets when its own is none of ours (a newer or a foreign server): a general failure. */
export const UNKNOWN_CODE_AS: ErrorCode = 'INTERNAL';

/**
 * An error document as a client reads it (camelCased): only known codes are kept; an unknown or missing
 * code becomes INTERNAL, keeping its detail, and a missing detail gets a general sentence.
 */
export const receivedErrorDocument = z.object({
  errors: z.catch(
    z.array(
      z.object({
        ...errorFields,
        status: z.catch(z.string(), ''),
        code: z.catch(errorCodeSchema, UNKNOWN_CODE_AS),
        detail: z.catch(z.string(), 'Something went wrong'),
        source: z.catch(errorFields.source, undefined),
        meta: z.catch(errorFields.meta, undefined),
      }),
    ),
    [],
  ),
  meta: z.catch(z.optional(z.object({ requestId: z.optional(z.string()) })), undefined),
});
