import type { RefObject } from 'react';
import type { KytListFilterInput } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { useDraft } from '../../lib/use-draft';
import { parseTypedNumber } from './kyt-form';
import { isFiltered } from './kyt-filter';
import { STATUSES, statusLabel } from './kyt-status';

const TYPING_PAUSE_MS = 300;

// Embeddings, overrides, isolates and the direction marks: an <option> is plain text and cannot
// isolate a service string, so its direction controls are dropped rather than left to reorder it.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
export const optionText = (text: string) => text.replace(BIDI_CONTROLS, '');

/** A typed filter that reaches the list a moment after the typing stops. */
function TypedFilter({
  label,
  value,
  onCommit,
  testId,
  placeholder,
  inputRef,
  wide = false,
  numeric = false,
}: {
  label: string;
  value: string;
  onCommit: (typed: string) => boolean;
  testId: string;
  placeholder?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  wide?: boolean;
  numeric?: boolean;
}) {
  const [draft, setDraft] = useDraft(value, onCommit, TYPING_PAUSE_MS);
  return (
    <label className={wide ? 'kyt-filter kyt-filter-wide' : 'kyt-filter'}>
      <span className="kyt-filter-label">{label}</span>
      <input
        ref={inputRef}
        type={numeric ? 'text' : 'search'}
        inputMode={numeric ? 'decimal' : undefined}
        value={draft}
        maxLength={200}
        placeholder={placeholder}
        data-testid={testId}
        onChange={(event) => setDraft(event.target.value)}
      />
    </label>
  );
}

/** Picks from what the kept submissions hold; a value in the address but no longer seen still shows. */
function PickFilter({
  label,
  any,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  any: string;
  value: string | undefined;
  options: Array<{ value: string; text: string }>;
  onChange: (value: string | undefined) => void;
  testId: string;
}) {
  const all =
    value && !options.some((option) => option.value === value)
      ? [...options, { value, text: value }]
      : options;
  return (
    <label className="kyt-filter">
      <span className="kyt-filter-label">{label}</span>
      <select
        value={value ?? ''}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{any}</option>
        {all.map((option) => (
          <option key={option.value} value={option.value}>
            {optionText(option.text)}
          </option>
        ))}
      </select>
    </label>
  );
}

const scoreCommit =
  (apply: (score: number | undefined) => void) =>
  (typed: string): boolean => {
    if (!typed.trim()) {
      apply(undefined);
      return true;
    }
    const score = parseTypedNumber(typed);
    if (score === null) return false;
    apply(score);
    return true;
  };

/** Date, score range, state, currency, customer, label and status; applied as they change. */
export function KytFilters({
  filter,
  states,
  currencies,
  onChange,
  onClear,
  labelRef,
  showCustomer = true,
}: {
  filter: KytListFilterInput;
  states: string[];
  currencies: string[];
  onChange: (patch: Partial<KytListFilterInput>) => void;
  onClear: () => void;
  labelRef?: RefObject<HTMLInputElement | null>;
  showCustomer?: boolean;
}) {
  const text = (apply: (value: string | undefined) => void) => (typed: string) => {
    apply(typed.trim() || undefined);
    return true;
  };
  return (
    <div className="kyt-filters" role="search" aria-label="Filter submissions">
      <TypedFilter
        label="Label"
        value={filter.label ?? ''}
        placeholder="Part of a label"
        onCommit={text((label) => onChange({ label }))}
        testId="kyt-filter-label"
        inputRef={labelRef}
        wide
      />
      {showCustomer && (
        <TypedFilter
          label="Customer"
          value={filter.customerExternalId ?? ''}
          placeholder="External id"
          onCommit={text((customerExternalId) => onChange({ customerExternalId }))}
          testId="kyt-filter-customer"
        />
      )}
      <label className="kyt-filter">
        <span className="kyt-filter-label">From</span>
        <input
          type="date"
          value={filter.from ?? ''}
          data-testid="kyt-filter-from"
          onChange={(event) => onChange({ from: event.target.value || undefined })}
        />
      </label>
      <label className="kyt-filter">
        <span className="kyt-filter-label">To</span>
        <input
          type="date"
          value={filter.to ?? ''}
          data-testid="kyt-filter-to"
          onChange={(event) => onChange({ to: event.target.value || undefined })}
        />
      </label>
      <TypedFilter
        label="Score from"
        value={filter.scoreMin === undefined ? '' : String(filter.scoreMin)}
        placeholder="0"
        onCommit={scoreCommit((scoreMin) => onChange({ scoreMin }))}
        testId="kyt-filter-score-min"
        numeric
      />
      <TypedFilter
        label="Score to"
        value={filter.scoreMax === undefined ? '' : String(filter.scoreMax)}
        placeholder="100"
        onCommit={scoreCommit((scoreMax) => onChange({ scoreMax }))}
        testId="kyt-filter-score-max"
        numeric
      />
      <PickFilter
        label="State"
        any="Any state"
        value={filter.state}
        options={states.map((state) => ({ value: state, text: state }))}
        onChange={(state) => onChange({ state })}
        testId="kyt-filter-state"
      />
      <PickFilter
        label="Currency"
        any="Any currency"
        value={filter.currency}
        options={currencies.map((currency) => ({ value: currency, text: currency }))}
        onChange={(currency) => onChange({ currency })}
        testId="kyt-filter-currency"
      />
      <PickFilter
        label="Status"
        any="Any status"
        value={filter.status}
        options={STATUSES.map((status) => ({ value: status, text: statusLabel(status) }))}
        onChange={(status) => onChange({ status: STATUSES.find((known) => known === status) })}
        testId="kyt-filter-status"
      />
      <Button
        variant="ghost"
        onClick={onClear}
        disabled={!isFiltered(filter)}
        data-testid="kyt-filter-clear"
      >
        Clear filters
      </Button>
    </div>
  );
}
