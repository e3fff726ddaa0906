import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { VisitorCache } from './visitor';

// The visitor lookup cache: never more than its capacity, the least recently stored out first.

describe('VisitorCache', () => {
  test('keeps what it was given and forgets the oldest beyond its capacity', () => {
    const cache = new VisitorCache(2);
    cache.set('a', { id: 'A', lastSeenAt: 1 });
    cache.set('b', { id: 'B', lastSeenAt: 2 });
    cache.set('a', { id: 'A', lastSeenAt: 3 });
    cache.set('c', { id: 'C', lastSeenAt: 4 });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual({ id: 'A', lastSeenAt: 3 });
    expect(cache.get('c')).toEqual({ id: 'C', lastSeenAt: 4 });
    expect(cache.size).toBe(2);
  });

  test('never holds more than its capacity, and always holds the last one stored', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.string({ maxLength: 3 }), { maxLength: 200 }),
        (capacity, keys) => {
          const cache = new VisitorCache(capacity);
          keys.forEach((key, i) => cache.set(key, { id: key, lastSeenAt: i }));
          expect(cache.size).toBeLessThanOrEqual(capacity);
          if (keys.length > 0) expect(cache.get(keys.at(-1)!)?.lastSeenAt).toBe(keys.length - 1);
        },
      ),
    );
  });
});
