import * as z from 'zod/mini';

// The JSON:API-like envelope of /api/v2 (architecture decision 5): `{ data, included?, meta? }` with
// resources `{ id, type, attributes, relationships? }`, errors `{ errors: [{ status, code, detail }] }`
// (./errors).

export const identifier = <T extends string>(type: T) => z.object({ id: z.string(), type: z.literal(type) });

export const toOne = <T extends string>(type: T) => z.object({ data: z.nullable(identifier(type)) });
export const toMany = <T extends string>(type: T) => z.object({ data: z.array(identifier(type)) });

export const resource = <T extends string, A extends z.ZodMiniType>(type: T, attributes: A) =>
  z.object({ id: z.string(), type: z.literal(type), attributes });

export const resourceWithRelationships = <T extends string, A extends z.ZodMiniType, R extends z.ZodMiniType>(
  type: T,
  attributes: A,
  relationships: R,
) => z.object({ id: z.string(), type: z.literal(type), attributes, relationships });

/** One problem in a list of problems (a basket's validation); the error document is in ./errors. */
export const errorObject = z.object({
  status: z.string(),
  code: z.string(),
  title: z.optional(z.string()),
  detail: z.string(),
  source: z.optional(z.object({ pointer: z.optional(z.string()), parameter: z.optional(z.string()) })),
  meta: z.optional(z.record(z.string(), z.unknown())),
});
export type ErrorObject = z.infer<typeof errorObject>;

// The error document lives with the error codes (./errors); the server's OpenAPI document reads it here.
export { errorDocument, type ErrorDocument } from './errors';

// Flattening a document's resources (zod-free, so a page's first JS can read documents without the
// schemas: decision 31).
export { flatten, type Identifier } from './flatten';
