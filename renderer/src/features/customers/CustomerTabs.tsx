import { useRef, type KeyboardEvent } from 'react';
import type { CustomerTab } from '../../lib/routes';

export interface TabSpec {
  tab: CustomerTab;
  label: string;
  count: number | null;
}

export const tabId = (tab: CustomerTab) => `customer-tab-${tab}`;
export const panelId = (tab: CustomerTab) => `customer-panel-${tab}`;

/** A tablist as the ARIA pattern has it: one tab in the Tab order, arrows move and open. */
export function CustomerTabs({
  tabs,
  current,
  onChange,
}: {
  tabs: TabSpec[];
  current: CustomerTab;
  onChange: (tab: CustomerTab) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const go = (index: number) => {
    const next = tabs[(index + tabs.length) % tabs.length];
    if (!next) return;
    onChange(next.tab);
    list.current?.querySelector<HTMLElement>(`#${tabId(next.tab)}`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((spec) => spec.tab === current);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    go(target);
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label="Customer sections"
      className="customer-tabs"
      onKeyDown={onKeyDown}
    >
      {tabs.map((spec) => {
        const selected = spec.tab === current;
        return (
          <button
            key={spec.tab}
            id={tabId(spec.tab)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId(spec.tab)}
            tabIndex={selected ? 0 : -1}
            className="customer-tab"
            data-testid={`tab-${spec.tab}`}
            onClick={() => onChange(spec.tab)}
          >
            {spec.label}
            {spec.count !== null && <span className="customer-tab-count">{spec.count}</span>}
          </button>
        );
      })}
    </div>
  );
}
