import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * The first `count` dishes of a menu, kept in their sections (empty ones left out): what a menu renders at
 * once, on the server and while the page hydrates; the rest render right after, in the background.
 */
export function firstDishes<T extends { products: readonly unknown[] }>(sections: T[], count: number): T[] {
  const out: T[] = [];
  let left = count;
  for (const section of sections) {
    if (left <= 0) break;
    out.push({ ...section, products: section.products.slice(0, left) });
    left -= section.products.length;
  }
  return out;
}

/** How many dishes the sections before `index` hold (which of them are on the first screen). */
export const dishesBefore = (sections: readonly { products: readonly unknown[] }[], index: number) =>
  sections.slice(0, index).reduce((sum, section) => sum + section.products.length, 0);

/**
 * A menu's dishes, its first `first` at once (on the server, and while the page hydrates), then `step` more
 * at a time, each step a transition of its own after the last was painted, until all are shown. Each step
 * is a small commit (its cards' DOM, their pictures, their subscriptions): rendering the rest in one go was
 * a commit of 30–40 ms on /menu's first load, four times that on a phone (issue 24). The count only grows:
 * other sections (a filter, another week, the same dishes marked anew) show as many at once as were shown.
 */
export function useDishesInSteps<T extends { products: readonly unknown[] }>(
  sections: T[],
  first: number,
  step: number,
): T[] {
  const total = sections.reduce((sum, section) => sum + section.products.length, 0);
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= total) return;
    const timer = window.setTimeout(() => startTransition(() => setShown((current) => current + step)));
    return () => window.clearTimeout(timer);
  }, [shown, total, step]);
  return useMemo(() => (shown >= total ? sections : firstDishes(sections, shown)), [sections, shown, total]);
}

/**
 * `children` given the dishes shown so far (useDishesInSteps). A component of its own, so that each step
 * re-renders the dishes alone, not the page around them (its header, tabs, filters, banners and basket:
 * on /menu each step re-rendered all of them, issue 24).
 */
export function DishesInSteps<T extends { products: readonly unknown[] }>({
  sections,
  first,
  step,
  children,
}: {
  sections: T[];
  first: number;
  step: number;
  children: (shown: T[]) => ReactNode;
}) {
  return children(useDishesInSteps(sections, first, step));
}
