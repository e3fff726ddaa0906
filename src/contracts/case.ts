// snake_case on the wire, camelCase in code (architecture decision 5). This is the one conversion, used by
// the server's compilers and the web client's fetcher. Only keys change; values are never touched.

const snakeCache = new Map<string, string>();

export function camelToSnake(key: string): string {
  // Keys are a small fixed vocabulary converted on every response: remember them.
  let snake = snakeCache.get(key);
  if (snake === undefined) {
    snake = key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    if (snakeCache.size < 10_000) snakeCache.set(key, snake);
  }
  return snake;
}

const camelCache = new Map<string, string>();

export function snakeToCamel(key: string): string {
  // Remembered too: the browser converts every response's keys, a regular expression each (issue 24).
  let camel = camelCache.get(key);
  if (camel === undefined) {
    camel = key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
    if (camelCache.size < 10_000) camelCache.set(key, camel);
  }
  return camel;
}

type KeyMapper = (key: string) => string;

function mapKeysDeep(value: unknown, mapKey: KeyMapper): unknown {
  if (Array.isArray(value)) return value.map((item) => mapKeysDeep(item, mapKey));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[mapKey(key)] = mapKeysDeep(item, mapKey);
  return out;
}

export function snakeKeys<T>(value: T): unknown {
  return mapKeysDeep(value, camelToSnake);
}

export function camelKeys(value: unknown): unknown {
  return mapKeysDeep(value, snakeToCamel);
}

/** `filter[delivery_date]` ⇄ `filter[deliveryDate]`: query keys convert inside brackets too. */
export function camelQueryKey(key: string): string {
  return key.replace(/[^[\]]+/g, snakeToCamel);
}

export function snakeQueryKey(key: string): string {
  return key.replace(/[^[\]]+/g, camelToSnake);
}
