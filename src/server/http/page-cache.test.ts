import { describe, expect, test } from 'vitest';
import { PageCache } from './page-cache';

describe('the page cache', () => {
  test('keeps a page for its time, then makes it again', async () => {
    let now = 0;
    let made = 0;
    const cache = new PageCache<string>(1000, 10, () => now);
    const make = async () => ({ value: `page ${++made}`, keep: true });
    expect(await cache.get('a', make)).toBe('page 1');
    now = 999;
    expect(await cache.get('a', make)).toBe('page 1');
    now = 1000;
    expect(await cache.get('a', make)).toBe('page 2');
  });

  test('a burst of the same page is made once', async () => {
    let made = 0;
    const cache = new PageCache<number>(1000);
    const make = () =>
      new Promise<{ value: number; keep: boolean }>((r) =>
        setTimeout(() => r({ value: ++made, keep: true }), 5),
      );
    expect(await Promise.all([cache.get('a', make), cache.get('a', make), cache.get('a', make)])).toEqual([
      1, 1, 1,
    ]);
  });

  test('what was made with a fault, or failed, is made again next time', async () => {
    const cache = new PageCache<string>(1000);
    expect(await cache.get('a', async () => ({ value: 'shell', keep: false }))).toBe('shell');
    expect(await cache.get('a', async () => ({ value: 'page', keep: true }))).toBe('page');
    await expect(cache.get('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('b', async () => ({ value: 'page', keep: true }))).toBe('page');
  });

  test('holds at most its capacity, oldest out first', async () => {
    let made = 0;
    const cache = new PageCache<number>(1000, 2);
    const make = async () => ({ value: ++made, keep: true });
    await cache.get('a', make);
    await cache.get('b', make);
    await cache.get('c', make);
    expect(await cache.get('b', make)).toBe(2);
    expect(await cache.get('a', make)).toBe(4);
  });

  test('clear forgets every page kept: the next request makes it again (the catalogue changed)', async () => {
    let made = 0;
    const cache = new PageCache<number>(60_000);
    const make = async () => ({ value: ++made, keep: true });
    expect(await cache.get('/menu', make)).toBe(1);
    expect(await cache.get('/menu', make)).toBe(1);
    cache.clear();
    expect(await cache.get('/menu', make)).toBe(2);
  });
});
