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

/** A resource with its attributes and resolved relationships flattened, as the web app uses it. */
export interface Identifier {
  id: string;
  type: string;
}
interface AnyResource extends Identifier {
  attributes: object;
  relationships?: Record<string, { data: Identifier | Identifier[] | null }>;
}

/**
 * Flattens a document's resource: `{ id, ...attributes }` plus each relationship resolved from `included`
 * (to-one → object or null, to-many → array). Unresolvable references are dropped.
 */
export function flatten(data: AnyResource, included: readonly AnyResource[] = []): Record<string, unknown> {
  const byKey = new Map(included.map((r) => [`${r.type}:${r.id}`, r]));
  const resolve = (ref: Identifier) => {
    const found = byKey.get(`${ref.type}:${ref.id}`);
    return found ? { id: found.id, ...found.attributes } : undefined;
  };
  const out: Record<string, unknown> = { id: data.id, ...data.attributes };
  for (const [name, rel] of Object.entries(data.relationships ?? {})) {
    out[name] = Array.isArray(rel.data)
      ? rel.data.map(resolve).filter((r) => r !== undefined)
      : rel.data
        ? (resolve(rel.data) ?? null)
        : null;
  }
  return out;
}
