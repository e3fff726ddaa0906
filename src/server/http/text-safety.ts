import type { FastifyInstance } from 'fastify';
import { RequestValidationError } from './zod-compilers';

// Text the database cannot hold is refused at the edge (issue 8, item 7): PostgreSQL stores no NUL (U+0000)
// in text or jsonb, and a lone UTF-16 surrogate ("\ud800" in JSON) is not Unicode at all, so either one
// deep in a name, note, code or filter used to surface as a 500 from the driver. One hook checks every string
// and every key of the body, the query and the path parameters of every route (the API's zod routes and the
// pages and endpoints that parse their own input: mailbox, storefront GraphQL, sandbox payment pages,
// postcodes.io) before any validation or handler sees them.

/** A surrogate that is not half of a pair (the pattern works on UTF-16 code units: no `u` flag). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A NUL, or a surrogate that is not half of a pair. */
export function isBrokenText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/** A key as it can be shown back: what is broken in it replaced, never echoed. */
function printable(key: string): string {
  return key.replaceAll('\u0000', '\ufffd').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\ufffd');
}

interface Step {
  value: unknown;
  key: string;
  parent: Step | null;
}

/**
 * The path (keys and indexes, as sent) of the first string or key holding broken text, or null. Iterative,
 * so a deeply nested body cannot overflow the stack; each step points at its parent instead of copying
 * the path, so the walk stays linear however deep the value is.
 */
export function brokenTextAt(value: unknown): string[] | null {
  const pathOf = (step: Step | null, last?: string): string[] => {
    const path: string[] = last === undefined ? [] : [last];
    for (let at = step; at?.parent; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const stack: Step[] = [{ value, key: '', parent: null }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const node = step.value;
    if (typeof node === 'string') {
      if (isBrokenText(node)) return pathOf(step);
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    const entries = Object.entries(node);
    const brokenKey = entries.find(([key]) => isBrokenText(key));
    if (brokenKey) return pathOf(step, printable(brokenKey[0]));
    // Reversed onto the stack, so the first field in the body is the one reported.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      stack.push({ value: child, key, parent: step });
    }
  }
  return null;
}

const PARTS = [
  ['body', 'body'],
  ['querystring', 'query'],
  ['params', 'params'],
] as const;

export function rejectBrokenText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, property] of PARTS) {
      const path = brokenTextAt(request[property]);
      if (!path) continue;
      const name = path.join('.');
      throw new RequestValidationError(part, [
        {
          pointer: `/${path.join('/')}`,
          detail: `${name || (part === 'body' ? 'The request body' : 'The URL')} must not contain NUL characters or broken Unicode`,
        },
      ]);
    }
  });
}
