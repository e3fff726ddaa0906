import { MENU_FILTERS, type MenuFilter } from '../../../domain/menu';

// The spec's menu filters (§9) as a single-choice chip group: "All" or one filter at a time.
export function MenuFilters({
  selected,
  onChange,
  counts,
}: {
  selected: MenuFilter | null;
  onChange: (filter: MenuFilter | null) => void;
  counts: Partial<Record<MenuFilter, number>>;
}) {
  return (
    <div className="filters" role="group" aria-label="Filter dishes">
      <button type="button" className="chip" aria-pressed={selected === null} onClick={() => onChange(null)}>
        All
      </button>
      {MENU_FILTERS.filter((filter) => (counts[filter] ?? 0) > 0).map((filter) => (
        <button
          key={filter}
          type="button"
          className="chip"
          aria-pressed={selected === filter}
          onClick={() => onChange(selected === filter ? null : filter)}
        >
          {filter}
        </button>
      ))}
    </div>
  );
}
