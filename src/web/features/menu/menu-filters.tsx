import { MENU_FILTERS, type MenuFilter } from '../../../domain/menu';

// The spec's menu filters (§9) as a single-choice chip group: "All" or one filter at a time. Every chip is
// always there (the row never jumps as the menu loads).
export function MenuFilters({
  selected,
  onChange,
}: {
  selected: MenuFilter | null;
  onChange: (filter: MenuFilter | null) => void;
}) {
  return (
    <div className="filters" role="group" aria-label="Filter dishes">
      <button type="button" className="chip" aria-pressed={selected === null} onClick={() => onChange(null)}>
        All
      </button>
      {MENU_FILTERS.map((filter) => (
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
