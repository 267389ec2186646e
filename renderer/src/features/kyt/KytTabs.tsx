import { useRef, type KeyboardEvent } from 'react';

export type KytTab = 'submissions' | 'batches';

const TABS: Array<{ tab: KytTab; label: string }> = [
  { tab: 'submissions', label: 'Submissions' },
  { tab: 'batches', label: 'Batches' },
];

export const kytTabId = (tab: KytTab) => `kyt-tab-${tab}`;
export const kytPanelId = (tab: KytTab) => `kyt-panel-${tab}`;

/** Submissions / Batches, as the ARIA tabs pattern has it: arrows move and open. */
export function KytTabs({
  current,
  onChange,
}: {
  current: KytTab;
  onChange: (tab: KytTab) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const index = TABS.findIndex((spec) => spec.tab === current);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = TABS[(target + TABS.length) % TABS.length];
    if (!next) return;
    onChange(next.tab);
    list.current?.querySelector<HTMLElement>(`#${kytTabId(next.tab)}`)?.focus();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label="Transaction monitoring"
      className="kyt-tabs"
      onKeyDown={onKeyDown}
    >
      {TABS.map(({ tab, label }) => {
        const selected = tab === current;
        return (
          <button
            key={tab}
            id={kytTabId(tab)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={kytPanelId(tab)}
            tabIndex={selected ? 0 : -1}
            className="kyt-tab"
            data-testid={`kyt-tab-${tab}`}
            onClick={() => onChange(tab)}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}
