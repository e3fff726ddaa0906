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
