import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
  content?: ReactNode;
}

export interface TabsProps<V extends string> {
  items: ReadonlyArray<TabItem<V>>;
  value: V;
  onValueChange: (value: V) => void;
  /** Accessible name of the tab list. */
  label: string;
  className?: string;
}

/** WAI-ARIA tabs: arrow keys / Home / End move between tabs, only the active tab is in the tab order. */
export function Tabs<V extends string>({ items, value, onValueChange, label, className }: TabsProps<V>) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (v: V) => `${baseId}-tab-${v}`;
  const panelId = (v: V) => `${baseId}-panel-${v}`;
  const active = items.find((item) => item.value === value);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.value === value);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    const item = items[next];
    if (!item) return;
    event.preventDefault();
    onValueChange(item.value);
    listRef.current?.querySelector<HTMLButtonElement>(`[id="${tabId(item.value)}"]`)?.focus();
  };

  return (
    <div className={cx('tabs', className)}>
      <div className="tabs__list" role="tablist" aria-label={label} ref={listRef} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.value === value;
          return (
            <button
              key={item.value}
              type="button"
              role="tab"
              id={tabId(item.value)}
              aria-selected={selected}
              aria-controls={item.content !== undefined ? panelId(item.value) : undefined}
              tabIndex={selected ? 0 : -1}
              className={cx('tabs__tab', selected && 'tabs__tab--active')}
              onClick={() => onValueChange(item.value)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {active?.content !== undefined && (
        <div className="tabs__panel" role="tabpanel" id={panelId(active.value)} aria-labelledby={tabId(active.value)}>
          {active.content}
        </div>
      )}
    </div>
  );
}
