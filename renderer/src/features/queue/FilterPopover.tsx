import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A filter behind a button: the button names the filter and what it is set to; the panel holds
 * its controls. Escape or a click elsewhere closes it, and focus returns to the button.
 */
export function FilterPopover({
  label,
  summary,
  children,
  testId,
}: {
  label: string;
  /** What the filter is set to; empty when it is not set. */
  summary: string;
  children: ReactNode;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div className="filter-popover" ref={rootRef} data-testid={testId}>
      <button
        ref={buttonRef}
        type="button"
        className={`filter-trigger${summary ? ' is-set' : ''}`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="filter-trigger-label">{label}</span>
        {summary && <span className="filter-trigger-value">{summary}</span>}
        <span className="filter-trigger-caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <div
          id={panelId}
          className="filter-panel"
          role="group"
          aria-label={label}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            // Handled here, so no screen shortcut bound to Escape fires as well.
            event.preventDefault();
            event.stopPropagation();
            setOpen(false);
            buttonRef.current?.focus();
          }}
        >
          {children}
        </div>
      )}
    </div>
  );
}

/** Checkboxes for a list filter (categories, review groups). */
export function CheckList({
  options,
  selected,
  onChange,
  label,
  note = null,
}: {
  options: readonly string[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  label: (value: string) => string;
  /** Why the options may not be all the cache holds (still being read, or could not be). */
  note?: string | null;
}) {
  if (options.length === 0)
    return (
      <p className="filter-panel-empty" role="status">
        {note ?? 'None in the cache yet.'}
      </p>
    );
  return (
    <>
      <CheckItems options={options} selected={selected} onChange={onChange} label={label} />
      {note && (
        <p className="filter-panel-empty" role="status">
          {note}
        </p>
      )}
    </>
  );
}

function CheckItems({
  options,
  selected,
  onChange,
  label,
}: {
  options: readonly string[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  label: (value: string) => string;
}) {
  return (
    <ul className="filter-checklist">
      {options.map((option) => {
        const checked = selected.includes(option);
        return (
          <li key={option}>
            <label className="filter-check">
              <input
                type="checkbox"
                checked={checked}
                onChange={() =>
                  onChange(
                    checked ? selected.filter((value) => value !== option) : [...selected, option],
                  )
                }
              />
              <span>{label(option)}</span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
