import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ThreadFacets, ThreadFilterInput } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { statusLabel } from './thread-labels';

const TYPING_PAUSE_MS = 300;

/** A text filter applied once the user pauses typing; follows outside changes (Clear). */
function TextFilter({
  label,
  value,
  placeholder,
  onCommit,
  inputRef,
  testId,
}: {
  label: string;
  value: string;
  placeholder: string;
  onCommit: (value: string) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  testId: string;
}) {
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });

  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setDraft(value);
    }
  }, [value]);

  useEffect(() => {
    if (draft === committed.current) return;
    const timer = window.setTimeout(() => {
      committed.current = draft;
      commit.current(draft);
    }, TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [draft]);

  return (
    <label className="thread-filter">
      <span className="thread-filter-label">{label}</span>
      <input
        ref={inputRef}
        type="search"
        value={draft}
        placeholder={placeholder}
        maxLength={200}
        data-testid={testId}
        onChange={(event) => setDraft(event.target.value)}
      />
    </label>
  );
}

function DateRange({
  label,
  from,
  to,
  onChange,
  testId,
}: {
  label: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (from: string | undefined, to: string | undefined) => void;
  testId: string;
}) {
  return (
    <fieldset className="thread-filter thread-date-range">
      <legend className="thread-filter-label">{label}</legend>
      <span className="thread-date-inputs">
        <input
          type="date"
          aria-label={`${label} from`}
          value={from ?? ''}
          max={to}
          data-testid={`${testId}-from`}
          onChange={(event) => onChange(event.target.value || undefined, to)}
        />
        <span aria-hidden="true">–</span>
        <input
          type="date"
          aria-label={`${label} to`}
          value={to ?? ''}
          min={from}
          data-testid={`${testId}-to`}
          onChange={(event) => onChange(from, event.target.value || undefined)}
        />
      </span>
    </fieldset>
  );
}

function ChipSet({
  label,
  options,
  chosen,
  onChange,
  testId,
}: {
  label: string;
  options: string[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  testId: string;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className="thread-chip-set" data-testid={testId}>
      <legend className="thread-filter-label">{label}</legend>
      <div className="chips">
        {options.map((option) => {
          const on = chosen.includes(option);
          return (
            <label key={option} className={on ? 'chip is-on' : 'chip'}>
              <input
                type="checkbox"
                checked={on}
                onChange={() =>
                  onChange(on ? chosen.filter((entry) => entry !== option) : [...chosen, option])
                }
              />
              {option}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

export function ThreadFilters({
  filter,
  facets,
  onChange,
  onClear,
  contentRef,
}: {
  filter: ThreadFilterInput;
  facets: ThreadFacets | null;
  onChange: (patch: Partial<ThreadFilterInput>) => void;
  onClear: () => void;
  contentRef: RefObject<HTMLInputElement | null>;
}) {
  const active = Object.keys(filter).length > 0;
  return (
    <div
      className="thread-filters"
      role="search"
      aria-label="Filter threads"
      data-testid="thread-filters"
    >
      <div className="thread-filter-row">
        <TextFilter
          label="Message content"
          value={filter.content ?? ''}
          placeholder="Words in a subject or body"
          onCommit={(content) => onChange({ content: content || undefined })}
          inputRef={contentRef}
          testId="filter-content"
        />
        <TextFilter
          label="Customer"
          value={filter.customer ?? ''}
          placeholder="Name or external id"
          onCommit={(customer) => onChange({ customer: customer || undefined })}
          testId="filter-customer"
        />
        <TextFilter
          label="Contact"
          value={filter.contact ?? ''}
          placeholder="Address or name"
          onCommit={(contact) => onChange({ contact: contact || undefined })}
          testId="filter-contact"
        />
        <label className="thread-filter thread-filter-narrow">
          <span className="thread-filter-label">Status</span>
          <select
            value={filter.status === undefined ? '' : String(filter.status)}
            data-testid="filter-status"
            onChange={(event) =>
              onChange({
                status: event.target.value === '' ? undefined : Number(event.target.value),
              })
            }
          >
            <option value="">Any status</option>
            {(facets?.statuses ?? []).map((status) => (
              <option key={status.code} value={status.code}>
                {statusLabel(status.code, status.label)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="thread-filter-row">
        <DateRange
          label="Created"
          from={filter.createdFrom}
          to={filter.createdTo}
          onChange={(createdFrom, createdTo) => onChange({ createdFrom, createdTo })}
          testId="filter-created"
        />
        <DateRange
          label="Updated"
          from={filter.updatedFrom}
          to={filter.updatedTo}
          onChange={(updatedFrom, updatedTo) => onChange({ updatedFrom, updatedTo })}
          testId="filter-updated"
        />
        <span className="spacer" />
        {active && (
          <Button variant="ghost" onClick={onClear} data-testid="clear-thread-filters">
            Clear filters
          </Button>
        )}
      </div>
      <ChipSet
        label="Tags"
        options={facets?.tags ?? []}
        chosen={filter.tags ?? []}
        onChange={(tags) => onChange({ tags })}
        testId="filter-tags"
      />
      <ChipSet
        label="Review groups"
        options={facets?.reviewGroups ?? []}
        chosen={filter.reviewGroups ?? []}
        onChange={(reviewGroups) => onChange({ reviewGroups })}
        testId="filter-review-groups"
      />
    </div>
  );
}
