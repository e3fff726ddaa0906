import { flatten, type Identifier } from '../../../contracts/envelope';

// Reads JSON:API-like documents (already camelCased by the client) into the flat models of the
// contracts: `{ id, ...attributes, ...relationships resolved from included }`, parsed by the model schema.

interface RawResource extends Identifier {
  attributes: object;
  relationships?: Record<string, { data: Identifier | Identifier[] | null }>;
}
interface RawDocument {
  data: RawResource | RawResource[] | null;
  included?: RawResource[];
  meta?: unknown;
}
interface Model<T> {
  parse(data: unknown): T;
}

function asDocument(doc: unknown): RawDocument {
  if (!doc || typeof doc !== 'object' || !('data' in doc))
    throw new Error('The server sent something unexpected');
  return doc as RawDocument;
}

export function readOne<T>(doc: unknown, model: Model<T>): T {
  const { data, included } = asDocument(doc);
  if (!data || Array.isArray(data)) throw new Error('The server sent something unexpected');
  return model.parse(flatten(data, included));
}

export function readMany<T>(doc: unknown, model: Model<T>): T[] {
  const { data, included } = asDocument(doc);
  if (!Array.isArray(data)) throw new Error('The server sent something unexpected');
  return data.map((resource) => model.parse(flatten(resource, included)));
}

export function readMeta<T>(doc: unknown, model: Model<T>): T {
  return model.parse(asDocument(doc).meta);
}
