// @vitest-environment jsdom
import { act, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, test } from 'vitest';
import { lazyPart } from './lazy-part';

// A part of a page its first screen does not show, loaded apart (issue 24): nothing (or its fallback) until
// its chunk is in, its chunk fetched once however often it is asked for, and a part the server rendered kept
// as the server wrote it until then.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Sheet({ dish }: { dish: string }) {
  return <p className="sheet">{dish}</p>;
}

/** A chunk that arrives when `arrive` is called, counting how often it is fetched. */
function chunk() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const loads = { count: 0 };
  const load = async () => {
    loads.count += 1;
    await arrived;
    return Sheet;
  };
  return { load, arrive, loads };
}

let root: Root | null = null;
afterEach(() => {
  if (root) act(() => root!.unmount());
  root = null;
});

describe('lazyPart', () => {
  test('renders its fallback until its chunk is in, then the part, fetching it once', async () => {
    const { load, arrive, loads } = chunk();
    const Part = lazyPart(load, <p className="waiting">Loading</p>);
    const container = document.createElement('div');
    root = createRoot(container);
    act(() => root!.render(<Part dish="Cacio e pepe" />));
    expect(container.innerHTML).toBe('<p class="waiting">Loading</p>');
    void Part.preload();
    void Part.preload();
    await act(async () => {
      arrive();
      await Part.preload();
    });
    expect(container.innerHTML).toBe('<p class="sheet">Cacio e pepe</p>');
    expect(loads.count).toBe(1);
  });

  test('preloaded, it renders at once, without its fallback', async () => {
    const { load, arrive } = chunk();
    const Part = lazyPart(load, <p className="waiting">Loading</p>);
    arrive();
    await Part.preload();
    const container = document.createElement('div');
    root = createRoot(container);
    act(() => root!.render(<Part dish="Tiramisù" />));
    expect(container.innerHTML).toBe('<p class="sheet">Tiramisù</p>');
  });

  test('rendered on the server, its HTML stays while its chunk loads, and is hydrated in place', async () => {
    // What the server writes for it once every read is in (entry-server.tsx): the part in its boundary.
    const html = renderToString(
      <main>
        <Suspense fallback={null}>
          <Sheet dish="Ragù" />
        </Suspense>
      </main>,
    );
    expect(html).toContain('<p class="sheet">Ragù</p>');

    const { load, arrive } = chunk();
    const Part = lazyPart(load);
    const container = document.createElement('div');
    container.innerHTML = html;
    const paragraph = container.querySelector('p.sheet');
    act(() => {
      root = hydrateRoot(
        container,
        <main>
          <Part dish="Ragù" />
        </main>,
      );
    });
    expect(container.querySelector('p.sheet')).toBe(paragraph);
    await act(async () => {
      arrive();
      await Part.preload();
    });
    expect(container.querySelector('p.sheet')).toBe(paragraph);
    expect(container.innerHTML).toBe(html);
  });
});
