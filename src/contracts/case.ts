// snake_case on the wire, camelCase in code (architecture decision 5). This is the one conversion, used by
// the server's compilers and the web client's fetcher. Only keys change; values are never touched.

/** Keys are a small fixed vocabulary converted on every response: each conversion is remembered (bounded). */
function remembered(convert: (key: string) => string): (key: string) => string {
  const cache = new Map<string, string>();
  return (key) => {
    let converted = cache.get(key);
    if (converted === undefined) {
      converted = convert(key);
      if (cache.size < 10_000) cache.set(key, converted);
    }
    return converted;
  };
}

export const camelToSnake = remembered((key) =>
  key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
);

export const snakeToCamel = remembered((key) =>
  key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase()),
);

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
