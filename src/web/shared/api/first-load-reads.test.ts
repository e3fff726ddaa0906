import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

// Decision 31: a production build reads the server's answers without parsing them (`read(check, data)` with
// `const check = import.meta.env.PROD ? null : model`), because the server sent only what the same contract
// allows. That is right only while parsing is the identity on what the server sends: a model that fills a
// default, transforms, pipes, catches, coerces or rewrites a string (trim, lower case) would give a page in
// development one value and the same page in production another. Every module that skips a parse lists its
// checks as UNPARSED_IN_PRODUCTION; this test finds the modules by the pattern in their source (so a check
// left off its list fails too) and walks each model's zod definition for any part that changes data.

/** A zod schema as far as this test reads it: its definition (zod/v4/core's `_zod.def`). */
interface ZodNode {
  _zod: { def: object };
}
type Definition = Record<string, unknown> & { type: string };

/** Kinds of schema whose output can differ from their input. */
const CHANGING_KINDS: Readonly<Record<string, string>> = {
  default: 'a default',
  prefault: 'a default (prefault)',
  catch: 'a catch',
  transform: 'a transform',
  pipe: 'a pipe (a transform, a preprocess or a codec)',
};

const isNode = (value: unknown): value is ZodNode =>
  typeof value === 'object' && value !== null && '_zod' in value;

/**
 * Every part of a schema that can change the data it parses, as `path: what` (empty: parsing returns its
 * input as it is, apart from leaving out keys an object does not name). Unknown kinds count as changing.
 */
function dataChangingParts(schema: ZodNode, path = '', seen = new Set<ZodNode>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as Definition;
  const at = path || '(the model)';
  const found: string[] = [];
  if (def.type in CHANGING_KINDS) found.push(`${at}: ${CHANGING_KINDS[def.type]}`);
  if (def.coerce === true) found.push(`${at}: a coercion`);
  for (const check of (def.checks as ZodNode[] | undefined) ?? []) {
    if ((check._zod.def as Definition).check === 'overwrite')
      found.push(`${at}: a check that rewrites the value`);
  }
  const children: [string, unknown][] = [];
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
        children.push([`${path}.${key}`, value]);
      }
      if (def.catchall) children.push([`${path}[other keys]`, def.catchall]);
      break;
    case 'array':
      children.push([`${path}[]`, def.element]);
      break;
    case 'union':
      (def.options as unknown[]).forEach((option, index) =>
        children.push([`${path}(option ${index})`, option]),
      );
      break;
    case 'intersection':
      children.push([path, def.left], [path, def.right]);
      break;
    case 'tuple':
      (def.items as unknown[]).forEach((item, index) => children.push([`${path}[${index}]`, item]));
      if (def.rest) children.push([`${path}[rest]`, def.rest]);
      break;
    case 'record':
    case 'map':
      children.push([`${path}{key}`, def.keyType], [`${path}{value}`, def.valueType]);
      break;
    case 'set':
      children.push([`${path}{value}`, def.valueType]);
      break;
    case 'lazy':
      children.push([path, (def.getter as () => unknown)()]);
      break;
    case 'pipe':
      children.push([path, def.in], [path, def.out]);
      break;
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'readonly':
    case 'default':
    case 'prefault':
    case 'catch':
      children.push([path, def.innerType]);
      break;
    case 'string':
    case 'number':
    case 'int':
    case 'boolean':
    case 'bigint':
    case 'null':
    case 'undefined':
    case 'literal':
    case 'enum':
    case 'template_literal':
    case 'unknown':
    case 'any':
    case 'never':
    case 'custom':
    case 'transform':
      break;
    default:
      found.push(`${at}: a ${def.type}, which this test does not know`);
  }
  for (const [childPath, child] of children) {
    if (isNode(child)) found.push(...dataChangingParts(child, childPath, seen));
  }
  return found;
}

const WEB = fileURLToPath(new URL('../..', import.meta.url));
const SKIPPED_PARSE = /import\.meta\.env\.PROD\s*\?\s*null\s*:/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The reads a module skips in production: the pattern in its code (comments left out). */
function skippedParses(path: string): number {
  const code = readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  return code.match(SKIPPED_PARSE)?.length ?? 0;
}

const modules = sources(WEB)
  .map((path) => ({ path, name: relative(WEB, path), count: skippedParses(path) }))
  .filter((module) => module.count > 0);

describe('the reads a production build does not parse', () => {
  it('are found in the modules of the first screens', () => {
    const names = modules.map((module) => module.name);
    for (const expected of [
      'features/menu/menu.queries.ts',
      'features/takeaway/takeaway.queries.ts',
      'features/events/events.queries.ts',
      'shared/bootstrap.ts',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it.each(modules)('$name lists each one it skips as UNPARSED_IN_PRODUCTION', async ({ path, count }) => {
    const module = (await import(path)) as { UNPARSED_IN_PRODUCTION?: unknown[] };
    expect(module.UNPARSED_IN_PRODUCTION).toHaveLength(count);
    for (const model of module.UNPARSED_IN_PRODUCTION!) expect(isNode(model)).toBe(true);
  });

  it.each(modules)('$name: parsing each one changes nothing the server sends', async ({ path }) => {
    const { UNPARSED_IN_PRODUCTION: models = [] } = (await import(path)) as {
      UNPARSED_IN_PRODUCTION?: ZodNode[];
    };
    const found = models.flatMap((model, index) =>
      dataChangingParts(model).map((part) => `model ${index + 1}, ${part}`),
    );
    expect(found, found.join('\n')).toEqual([]);
  });
});

describe('dataChangingParts', () => {
  const plain = z.object({
    id: z.string(),
    count: z.int(),
    tags: z.array(z.string()),
    kind: z.enum(['a', 'b']),
    note: z.optional(z.nullable(z.string().check(z.maxLength(10)))),
    either: z.union([z.literal('x'), z.object({ y: z.number() })]),
    byKey: z.record(z.string(), z.boolean()),
  });

  it('finds nothing in a model that only checks', () => {
    expect(dataChangingParts(plain)).toEqual([]);
  });

  it('finds a default, however deep', () => {
    expect(dataChangingParts(z.extend(plain, { size: z._default(z.int(), 1) }))).toEqual([
      '.size: a default',
    ]);
    const nested = z.object({ data: z.array(z.object({ a: z.optional(z._default(z.string(), '')) })) });
    expect(dataChangingParts(nested)).toEqual(['.data[].a: a default']);
    expect(dataChangingParts(z.object({ a: z.prefault(z.string(), '') }))).toEqual([
      '.a: a default (prefault)',
    ]);
  });

  it('finds transforms, pipes, catches, coercions and rewriting checks', () => {
    expect(dataChangingParts(z.object({ n: z.pipe(z.string(), z.transform(Number)) }))).toEqual([
      '.n: a pipe (a transform, a preprocess or a codec)',
      '.n: a transform',
    ]);
    expect(dataChangingParts(z.union([z.string(), z.catch(z.int(), 0)]))).toEqual(['(option 1): a catch']);
    expect(dataChangingParts(z.object({ n: z.coerce.number() }))).toEqual(['.n: a coercion']);
    expect(dataChangingParts(z.array(z.string().check(z.trim())))).toEqual([
      '[]: a check that rewrites the value',
    ]);
    expect(dataChangingParts(z.record(z.string(), z.string().check(z.toLowerCase())))).toEqual([
      '{value}: a check that rewrites the value',
    ]);
  });

  it('follows a lazy schema without going round for ever', () => {
    interface Tree {
      name: string;
      children: Tree[];
    }
    const tree: z.ZodMiniType<Tree> = z.object({
      name: z._default(z.string(), ''),
      get children() {
        return z.array(tree);
      },
    });
    expect(dataChangingParts(z.lazy(() => tree))).toEqual(['.name: a default']);
  });
});
