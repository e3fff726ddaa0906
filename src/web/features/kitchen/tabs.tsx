import { useRef, type KeyboardEvent, type ReactNode } from 'react';

// Tabs as WAI-ARIA describes them: one tab in the Tab order (the selected one), arrows, Home and End move
// between them and choose. Used twice on the kitchen screen: orders or the menu, and, on a phone, a stage.

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  /** Drawn to the eye (a new order waits there). */
  alert?: boolean;
}

export const tabId = (base: string, id: string) => `${base}-tab-${id}`;
export const panelId = (base: string, id: string) => `${base}-panel-${id}`;

export function TabList<T extends string>({
  base,
  label,
  tabs,
  selected,
  onSelect,
  className,
}: {
  base: string;
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  className?: string;
}) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const to =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    if (to < 0) return;
    event.preventDefault();
    const next = tabs[to]!.id;
    onSelect(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          ref={(element) => {
            if (element) refs.current.set(tab.id, element);
            else refs.current.delete(tab.id);
          }}
          type="button"
          role="tab"
          id={tabId(base, tab.id)}
          aria-controls={panelId(base, tab.id)}
          aria-selected={tab.id === selected}
          tabIndex={tab.id === selected ? 0 : -1}
          className={`tab${tab.id === selected ? ' tab--active' : ''}${tab.alert ? ' tab--alert' : ''}`}
          onClick={() => onSelect(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

export function TabPanel({
  base,
  id,
  children,
  className,
}: {
  base: string;
  id: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div role="tabpanel" id={panelId(base, id)} aria-labelledby={tabId(base, id)} className={className}>
      {children}
    </div>
  );
}
