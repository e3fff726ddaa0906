// A JSON:API-like resource flattened as the web app uses it (./envelope describes the envelope). No zod
// here: a page's first JS reads documents with this alone (decision 31).

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
