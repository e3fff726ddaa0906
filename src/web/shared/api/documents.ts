import { flatten, type Identifier } from '../../../contracts/flatten';

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

/**
 * The model's reading of data the server sent. The server checks every answer against the same contracts
 * before it sends it (http/zod-compilers.ts), so a production build may take it as it is, without the
 * schemas: a phone parses nothing twice, and neither zod nor the contracts' schemas are in a page's first JS
 * (decision 31). A first screen's reads pass `import.meta.env.PROD ? null : schema` (a constant the bundler
 * folds, so the schema is left out), checked in development and tests, where a contract the two sides read
 * differently fails.
 */
export function read<T>(model: Model<T> | null, data: unknown): T {
  return model ? model.parse(data) : (data as T);
}

function asDocument(doc: unknown): RawDocument {
  if (!doc || typeof doc !== 'object' || !('data' in doc))
    throw new Error('The server sent something unexpected');
  return doc as RawDocument;
}

export function readOne<T>(doc: unknown, model: Model<T> | null): T {
  const { data, included } = asDocument(doc);
  if (!data || Array.isArray(data)) throw new Error('The server sent something unexpected');
  return read(model, flatten(data, included));
}

export function readMany<T>(doc: unknown, model: Model<T> | null): T[] {
  const { data, included } = asDocument(doc);
  if (!Array.isArray(data)) throw new Error('The server sent something unexpected');
  return data.map((resource) => read(model, flatten(resource, included)));
}

export function readMeta<T>(doc: unknown, model: Model<T> | null): T {
  return read(model, asDocument(doc).meta);
}
