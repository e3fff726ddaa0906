import { useEffect, useRef, useState, type MouseEvent } from 'react';

// The menu's categories as a bar that stays under the site's nav while the menu scrolls: a tap scrolls to
// the category, and the category in view is marked (and scrolled into the bar) as the customer scrolls.

export interface NavCategory {
  id: string;
  name: string;
}

export const sectionId = (categoryId: string) => `twm-category-${categoryId}`;

export function MenuCategoryNav({ categories }: { categories: NavCategory[] }) {
  const [current, setCurrent] = useState<string | null>(categories[0]?.id ?? null);
  const listRef = useRef<HTMLUListElement>(null);
  // While a tap's smooth scroll runs, the sections it passes are not "current".
  const jumping = useRef<number | null>(null);

  useEffect(() => {
    const sections = categories
      .map((c) => document.getElementById(sectionId(c.id)))
      .filter((el): el is HTMLElement => el !== null);
    if (sections.length === 0 || typeof IntersectionObserver === 'undefined') return;
    const visible = new Map<string, boolean>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(entry.target.id, entry.isIntersecting);
        if (jumping.current !== null) return;
        const first = sections.find((section) => visible.get(section.id));
        if (first) setCurrent(first.id.slice(sectionId('').length));
      },
      // The band just under the sticky bars counts as "in view".
      { rootMargin: '-120px 0px -55% 0px' },
    );
    sections.forEach((section) => observer.observe(section));
    return () => observer.disconnect();
  }, [categories]);

  useEffect(() => {
    const link = listRef.current?.querySelector<HTMLElement>('[aria-current="true"]');
    const list = listRef.current;
    if (!link || !list) return;
    const left = link.offsetLeft - list.clientWidth / 2 + link.clientWidth / 2;
    list.scrollTo({ left, behavior: 'smooth' });
  }, [current]);

  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    const target = document.getElementById(sectionId(id));
    if (!target) return;
    setCurrent(id);
    if (jumping.current !== null) window.clearTimeout(jumping.current);
    jumping.current = window.setTimeout(() => (jumping.current = null), 800);
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    // The section's heading takes the focus, so a keyboard carries on from there.
    target.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  };

  return (
    <nav className="twm-catnav" aria-label="Menu categories">
      <ul ref={listRef} className="twm-catnav__list">
        {categories.map((category) => (
          <li key={category.id}>
            <a
              href={`#${sectionId(category.id)}`}
              className="twm-catnav__link"
              aria-current={current === category.id ? 'true' : undefined}
              onClick={(event) => go(event, category.id)}
            >
              {category.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
