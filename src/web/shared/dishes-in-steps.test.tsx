// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, test } from 'vitest';
import { useDishesInSteps } from './first-dishes';

// A menu's dishes after its first ones, a step at a time (issue 24): each step a commit of its own.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Section = { name: string; products: string[] };
const menu = (name: string, counts: number[]): Section[] =>
  counts.map((count, i) => ({
    name: `${name}${i}`,
    products: Array.from({ length: count }, (_, n) => `${name}${i}-${n}`),
  }));

const commits: number[] = [];
function Menu({ sections }: { sections: Section[] }) {
  const shown = useDishesInSteps(sections, 6, 6);
  const count = shown.reduce((sum, s) => sum + s.products.length, 0);
  commits.push(count);
  return <p>{shown.map((s) => `${s.name}:${s.products.length}`).join(' ')}</p>;
}

let root: Root | null = null;
afterEach(() => {
  if (root) act(() => root!.unmount());
  root = null;
  commits.length = 0;
});

const tick = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 5)));

describe('useDishesInSteps', () => {
  test('the first six at once, then six more a step, sections kept whole, until all 20 are shown', async () => {
    const container = document.createElement('div');
    root = createRoot(container);
    const sections = menu('a', [8, 5, 7]);
    act(() => root!.render(<Menu sections={sections} />));
    expect(container.textContent).toBe('a0:6');
    await tick();
    expect(container.textContent).toBe('a0:8 a1:4');
    await tick();
    expect(container.textContent).toBe('a0:8 a1:5 a2:5');
    await tick();
    expect(container.textContent).toBe('a0:8 a1:5 a2:7');
    await tick();
    expect(container.textContent).toBe('a0:8 a1:5 a2:7');
    expect([...new Set(commits)]).toEqual([6, 12, 18, 20]);
  });

  test('other sections (a filter, another week) show as many at once as were shown, then go on', async () => {
    const container = document.createElement('div');
    root = createRoot(container);
    act(() => root!.render(<Menu sections={menu('a', [20])} />));
    await tick();
    expect(container.textContent).toBe('a0:12');
    act(() => root!.render(<Menu sections={menu('b', [3, 30])} />));
    expect(container.textContent).toBe('b0:3 b1:9');
    for (let i = 0; i < 4; i++) await tick();
    expect(container.textContent).toBe('b0:3 b1:30');
  });

  test('sections made anew on every render (the same dishes) still reach the end', async () => {
    const container = document.createElement('div');
    root = createRoot(container);
    for (let i = 0; i < 5; i++) {
      act(() => root!.render(<Menu sections={menu('d', [9, 9])} />));
      await tick();
    }
    expect(container.textContent).toBe('d0:9 d1:9');
  });

  test('a menu of six or fewer is shown whole at once, and stays so', async () => {
    const container = document.createElement('div');
    root = createRoot(container);
    act(() => root!.render(<Menu sections={menu('c', [2, 3])} />));
    await tick();
    expect(container.textContent).toBe('c0:2 c1:3');
    expect([...new Set(commits)]).toEqual([5]);
  });
});
