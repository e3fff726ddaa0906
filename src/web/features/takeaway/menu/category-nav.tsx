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
  const navRef = useRef<HTMLElement>(null);
  // While a tap's smooth scroll runs, the sections it passes are not "current".
  const jumping = useRef<number | null>(null);

  // The current category: the last whose heading has passed under the sticky bars (the first at the top,
  // the last at the bottom).
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      if (jumping.current !== null) return;
      const line = (navRef.current?.getBoundingClientRect().bottom ?? 0) + 16;
      let found = categories[0]?.id ?? null;
      for (const category of categories) {
        const section = document.getElementById(sectionId(category.id));
        if (section && section.getBoundingClientRect().top <= line) found = category.id;
      }
      // At the very bottom the last categories may be too short to reach the line: the last is current.
      const end = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      setCurrent(end && window.scrollY > 0 ? (categories.at(-1)?.id ?? found) : found);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
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
    jumping.current = window.setTimeout(() => {
      jumping.current = null;
      window.dispatchEvent(new Event('scroll'));
    }, 900);
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    // The section's heading takes the focus, so a keyboard carries on from there.
    target.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  };

  return (
    <nav ref={navRef} className="twm-catnav" aria-label="Menu categories">
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
