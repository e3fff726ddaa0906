import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { IsoDate } from '../../../domain/calendar';
import { LockIcon } from '../../shared/ui/icons';

export interface WeekTab {
  weekStart: IsoDate;
  /** "Next week", or the dates when the week has no name of its own. */
  name: string;
  /** The dates under the name ("23 – 28 Nov"); null when the name is the dates (never said twice). */
  dates: string | null;
  /** The week's dates, for what the page says about the selected week. */
  label: string;
  orderable: boolean;
}

// Week tabs (a WAI-ARIA tablist: arrow keys move between weeks). Weeks past their cutoff are locked:
// their menu can be browsed but not ordered. On a phone the strip scrolls sideways: it opens on the
// selected week (the first open one, after as many as three locked weeks), with the edge of the week before
// showing, so the locked weeks stay a swipe or an arrow key away.

/** How much of the tab before the selected one stays in view when the strip scrolls to it (px). */
const PEEK = 40;
export function WeekTabs({
  weeks,
  selected,
  onSelect,
  panelId,
}: {
  weeks: WeekTab[];
  selected: IsoDate | null;
  onSelect: (week: IsoDate) => void;
  panelId: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const listRef = useRef<HTMLDivElement>(null);
  const selectedIndex = weeks.findIndex((week) => week.weekStart === selected);
  useEffect(() => {
    const list = listRef.current;
    const tab = refs.current[selectedIndex];
    if (!list || !tab) return;
    const shown = list.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    if (box.left >= shown.left && box.right <= shown.right) return;
    // Only the strip scrolls (scrollIntoView would move the page as well).
    list.scrollTo({ left: Math.max(0, list.scrollLeft + box.left - shown.left - PEEK) });
  }, [selectedIndex]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % weeks.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + weeks.length) % weeks.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? weeks.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(weeks[next]!.weekStart);
    refs.current[next]?.focus();
  };
  return (
    <div className="week-tabs" role="tablist" aria-label="Menu week" ref={listRef}>
      {weeks.map((week, index) => {
        const isSelected = week.weekStart === selected;
        return (
          <button
            key={week.weekStart}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`week-tab-${week.weekStart}`}
            aria-selected={isSelected}
            aria-controls={panelId}
            tabIndex={isSelected ? 0 : -1}
            className={`week-tab ${isSelected ? 'week-tab--selected' : ''} ${week.orderable ? '' : 'week-tab--locked'}`}
            onClick={() => onSelect(week.weekStart)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            <span className="week-tab__name">
              {week.orderable ? null : <LockIcon />}
              {week.name}
            </span>
            {week.dates ? <span className="week-tab__dates">{week.dates}</span> : null}
            {week.orderable ? null : <span className="visually-hidden">(orders closed)</span>}
          </button>
        );
      })}
    </div>
  );
}
