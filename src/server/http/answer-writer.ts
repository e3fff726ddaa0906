import type { $ZodType } from 'zod/v4/core';
import { camelToSnake, snakeKeys } from '../../contracts/case';

// An answer's contract check and its wire form in one pass (issue 24 part 5). Before, every answer went
// through zod's safeParse, then snakeKeys, then JSON.stringify: zod/mini's parser is interpreted, and the
// answer was copied twice on the way (about a tenth of an add to basket's CPU). A writer is made once per
// answer schema: plain JavaScript, written for that schema, that checks each value where it reads it and
// copies it under its snake_case name, so JSON.stringify runs on an object already in wire form.
//
// The rule that keeps it safe: a writer answers only where zod would have given the same text. It knows the
// kinds of schema answers are made of (objects, arrays, strings, numbers, booleans, literals, enums,
// nullable, optional, unions) and runs their checks as zod runs them. Any other part of a schema (a
// transform, a default, a pipe, a record, a discriminated union…) is handed to zod itself, that part alone.
// When a value breaks the schema, the writer refuses it and the caller asks zod (zod-compilers.ts), which
// says what is wrong. A writer may refuse too much, which only costs time; it never lets through what zod
// would refuse. answer-writer.test.ts holds every answer schema of the API to that.

/** What a writer returns when the value breaks the schema (or it cannot tell): ask zod. */
export const REFUSED: unique symbol = Symbol('refused');

/** A part of the answer in wire form, undefined for nothing to write, or REFUSED. */
type PartWriter = (value: unknown) => unknown;

/** zod's internals, as far as a writer reads them (zod/v4/core: `_zod.def`, `_zod.run`, checks). */
interface Payload {
  value: unknown;
  issues: unknown[];
}
interface Check {
  _zod: {
    def: {
      check: string;
      when?: (payload: Payload) => boolean;
      value?: unknown;
      inclusive?: boolean;
      format?: string;
      minimum?: number;
      maximum?: number;
    };
    check(payload: Payload): unknown;
  };
}
interface Node {
  _zod: {
    def: {
      type: string;
      checks?: Check[];
      coerce?: boolean;
      shape?: Record<string, Node>;
      catchall?: Node;
      element?: Node;
      innerType?: Node;
      options?: Node[];
      discriminator?: string;
      inclusive?: boolean;
    };
    traits: Set<string>;
    optin?: string;
    values?: Set<unknown>;
    run(payload: Payload, ctx: { async: false }): Payload | Promise<Payload>;
  };
}

const CTX = { async: false } as const;

/** A part of the answer as zod makes it: zod's own parse of it, then snake_case keys. */
function byZod(node: Node): PartWriter {
  return (value) => {
    const result = node._zod.run({ value, issues: [] }, CTX);
    if (result instanceof Promise || result.issues.length > 0) return REFUSED;
    return snakeKeys(result.value);
  };
}

/** A check run as zod runs it, on a value that passed its type. */
function runCheck(check: Check, value: unknown): boolean {
  const payload: Payload = { value, issues: [] };
  const when = check._zod.def.when;
  if (when && !when(payload)) return true;
  if (check._zod.check(payload) instanceof Promise) return false;
  // A check that changed the value (an overwrite) would make an answer zod writes differently.
  return payload.issues.length === 0 && payload.value === value;
}

/** The generated code's own names: `x` a value, `r` the function's references, `C` runCheck, `R` REFUSED. */
class Source {
  readonly refs: unknown[] = [];
  ref(value: unknown): string {
    let at = this.refs.indexOf(value);
    if (at === -1) at = this.refs.push(value) - 1;
    return `r[${at}]`;
  }
  /** Made with `new Function`, like zod's own compiled objects and Fastify's serialisers. */
  build(body: string): PartWriter {
    const make = new Function('r', 'C', 'R', 'snakeKeys', `'use strict'; return function (v) {\n${body}\n};`);
    return make(this.refs, runCheck, REFUSED, snakeKeys) as PartWriter;
  }
}

const literal = (n: number) => (Object.is(n, -0) ? '0' : String(n));

/** A check as an expression on `x`; null for a check that changes the value (left to zod). */
function checkSource(check: Check, x: string, src: Source): string | null {
  const def = check._zod.def;
  const bound = def.value;
  const finite = typeof bound === 'number' && Number.isFinite(bound);
  switch (def.check) {
    case 'overwrite':
      return null;
    case 'greater_than':
      if (finite) return `${x} ${def.inclusive ? '>=' : '>'} ${literal(bound)}`;
      break;
    case 'less_than':
      if (finite) return `${x} ${def.inclusive ? '<=' : '<'} ${literal(bound)}`;
      break;
    case 'number_format':
      if (def.format === 'safeint') return `Number.isSafeInteger(${x})`;
      break;
    // zod counts a string's code points: a count of UTF-16 units on the safe side settles it at once.
    case 'max_length':
      return `(${x}.length <= ${def.maximum} || C(${src.ref(check)}, ${x}))`;
    case 'min_length':
      return `(${x}.length >= ${2 * def.minimum!} || C(${src.ref(check)}, ${x}))`;
  }
  return `C(${src.ref(check)}, ${x})`;
}

/** Every check zod runs on a node's value after its type: the node itself when it is one, then its own. */
function checksOf(node: Node): Check[] {
  const own = node._zod.def.checks ?? [];
  return node._zod.traits.has('$ZodCheck') ? [node as unknown as Check, ...own] : own;
}

/** The node's checks joined to `test`; null when one is left to zod. */
function withChecks(node: Node, test: string, x: string, src: Source): string | null {
  const parts = [test];
  for (const check of checksOf(node)) {
    const part = checkSource(check, x, src);
    if (part === null) return null;
    parts.push(part);
  }
  return parts.join(' && ');
}

/** A JSON value zod compares with ===-like equality (SameValueZero), as a literal in the code. */
function plainLiteral(value: unknown): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number' && Number.isFinite(value)) return literal(value);
  return null;
}

/**
 * A value whose wire form is itself (a string, a number, a boolean, null, a literal, an enum, or one of
 * these or null): the expression on `x` that is true when zod takes it; null for any other node.
 */
function scalarTest(node: Node, x: string, src: Source): string | null {
  const def = node._zod.def;
  if (def.coerce) return null;
  switch (def.type) {
    case 'string':
      return withChecks(node, `typeof ${x} === "string"`, x, src);
    case 'number':
      return withChecks(node, `typeof ${x} === "number" && Number.isFinite(${x})`, x, src);
    case 'boolean':
      return withChecks(node, `typeof ${x} === "boolean"`, x, src);
    case 'null':
      return withChecks(node, `${x} === null`, x, src);
    case 'literal':
    case 'enum': {
      const values = node._zod.values;
      if (!values || checksOf(node).length > 0) return null;
      const literals = [...values].map(plainLiteral);
      if (literals.some((value) => value === null)) return null;
      if (literals.length === 1) return `${x} === ${literals[0]}`;
      return `${src.ref(values)}.has(${x})`;
    }
    case 'nullable': {
      if (checksOf(node).length > 0) return null;
      const inner = scalarTest(def.innerType!, x, src);
      return inner === null ? null : `(${x} === null || (${inner}))`;
    }
    default:
      return null;
  }
}

/** z.optional of a schema that adds nothing of its own for a missing value (no default inside). */
function isPlainOptional(node: Node): boolean {
  const inner = node._zod.def.innerType;
  return (
    node._zod.def.type === 'optional' &&
    !node._zod.traits.has('$ZodExactOptional') &&
    checksOf(node).length === 0 &&
    inner !== undefined &&
    inner._zod.optin !== 'defaulted'
  );
}

/**
 * The code that puts the wire form of `x` in `x`, or returns R; `scalar` when it is a test that refuses
 * undefined.
 */
function partSource(node: Node, x: string, src: Source): { code: string; scalar: boolean } {
  const test = scalarTest(node, x, src);
  if (test !== null) return { code: `if (!(${test})) return R;`, scalar: true };
  return { code: `${x} = ${src.ref(writerOf(node))}(${x}); if (${x} === R) return R;`, scalar: false };
}

const isIndex = (key: string) => /^(0|[1-9]\d*)$/.test(key);

function objectWriter(node: Node): PartWriter {
  const { shape = {}, catchall } = node._zod.def;
  const strict = catchall?._zod.def.type === 'never';
  const keys = Object.keys(shape);
  const wireKeys = keys.map(camelToSnake);
  // Left to zod: checks on the object, keys other than plain names (symbols, numbers, which JSON orders
  // first, __proto__, two keys with one snake_case name), unknown keys kept, and fields optional in another
  // way than z.optional.
  if (
    checksOf(node).length > 0 ||
    (catchall && !strict) ||
    Object.getOwnPropertySymbols(shape).length > 0 ||
    keys.some((key) => isIndex(key) || key === '__proto__') ||
    new Set(wireKeys).size !== keys.length ||
    keys.some((key) => {
      const field = shape[key]!;
      return field._zod.def.type === 'optional' ? !isPlainOptional(field) : field._zod.optin !== undefined;
    })
  )
    return byZod(node);
  const src = new Source();
  const lines = ['if (typeof v !== "object" || v === null || Array.isArray(v)) return R;'];
  if (strict) lines.push(`for (const k in v) if (!${src.ref(new Set(keys))}.has(k)) return R;`);
  keys.forEach((key, i) => {
    const field = shape[key]!;
    const x = `x${i}`;
    const name = JSON.stringify(key);
    lines.push(`let ${x} = v[${name}];`);
    if (isPlainOptional(field)) {
      lines.push(`if (${x} !== undefined) { ${partSource(field._zod.def.innerType!, x, src).code} }`);
    } else {
      // An absent key is refused (a scalar's test refuses undefined too); a key present but undefined is
      // left out, as zod leaves it when its schema takes undefined.
      const part = partSource(field, x, src);
      if (!part.scalar) lines.push(`if (${x} === undefined && !(${name} in v)) return R;`);
      lines.push(part.code);
    }
  });
  // JSON leaves out a property whose value is undefined, as zod's answer has no such key.
  lines.push(`return { ${wireKeys.map((wire, i) => `${JSON.stringify(wire)}: x${i}`).join(', ')} };`);
  return src.build(lines.join('\n'));
}

/** Only length checks on a list: they read the same on the answer as on zod's copy of it. */
const LENGTH_CHECKS = new Set(['max_length', 'min_length', 'length_equals']);

function arrayWriter(node: Node): PartWriter {
  if (checksOf(node).some((check) => !LENGTH_CHECKS.has(check._zod.def.check))) return byZod(node);
  const src = new Source();
  const checks = withChecks(node, 'Array.isArray(v)', 'v', src);
  if (checks === null) return byZod(node);
  return src.build(
    [
      `if (!(${checks})) return R;`,
      'const n = v.length, o = new Array(n);',
      `for (let i = 0; i < n; i++) { let x = v[i]; ${partSource(node._zod.def.element!, 'x', src).code} o[i] = x; }`,
      'return o;',
    ].join('\n'),
  );
}

function unionWriter(node: Node): PartWriter {
  const def = node._zod.def;
  // A discriminated or an exclusive union chooses its option in its own way: left to zod.
  if (def.discriminator !== undefined || def.inclusive === false || checksOf(node).length > 0)
    return byZod(node);
  // zod's union answers with the first option that takes the value.
  const options = def.options!.map(writerOf);
  return (value) => {
    for (const option of options) {
      const written = option(value);
      if (written !== REFUSED) return written;
    }
    return REFUSED;
  };
}

function make(node: Node): PartWriter {
  const src = new Source();
  const test = scalarTest(node, 'v', src);
  if (test !== null) return src.build(`return ${test} ? v : R;`);
  const def = node._zod.def;
  switch (def.type) {
    case 'object':
      return objectWriter(node);
    case 'array':
      return arrayWriter(node);
    case 'union':
      return unionWriter(node);
    case 'nullable': {
      if (checksOf(node).length > 0) return byZod(node);
      const inner = writerOf(def.innerType!);
      return (value) => (value === null ? null : inner(value));
    }
    case 'optional': {
      if (!isPlainOptional(node)) return byZod(node);
      const inner = writerOf(def.innerType!);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'unknown':
    case 'any':
      return checksOf(node).length > 0 ? byZod(node) : snakeKeys;
    default:
      return byZod(node);
  }
}

const writers = new WeakMap<object, PartWriter>();

function writerOf(node: Node): PartWriter {
  let writer = writers.get(node);
  if (writer) return writer;
  // A schema met again inside itself (z.lazy) is left to zod there.
  writers.set(node, byZod(node));
  writer = make(node);
  writers.set(node, writer);
  return writer;
}

/**
 * The writer of an answer schema, made once per schema: the answer's JSON text, the same as zod's parse,
 * snake_case keys and JSON.stringify would give, or REFUSED.
 */
export function answerWriter(schema: $ZodType): (value: unknown) => string | typeof REFUSED {
  const write = writerOf(schema as unknown as Node);
  return (value) => {
    const written = write(value);
    return written === REFUSED || written === undefined ? REFUSED : JSON.stringify(written);
  };
}
