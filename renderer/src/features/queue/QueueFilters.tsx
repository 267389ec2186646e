import { useId, type Ref } from 'react';
import type {
  QueueColumnName,
  QueueFacets,
  QueueFilterInput,
  QueueWork,
} from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { agentLabel, ALERT_CATEGORIES, ALERT_STATES, categoryLabel } from '../../lib/alert-states';
import { formatCount } from '../../lib/format';
import { CheckList, FilterPopover } from './FilterPopover';
import { COLUMN_LABELS, OPTIONAL_COLUMNS, useShownColumns } from './queue-columns';
import { isFilterEmpty } from './queue-query';
import { useDraft } from '../../lib/use-draft';

const UNASSIGNED = '__unassigned__';
const TYPING_MS = 150;

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const dayLabel = (value: string | undefined) =>
  value ? day.format(new Date(`${value}T00:00:00Z`)) : '';

function rangeSummary(from: string | undefined, to: string | undefined): string {
  if (from && to) return `${dayLabel(from)} – ${dayLabel(to)}`;
  if (from) return `from ${dayLabel(from)}`;
  if (to) return `until ${dayLabel(to)}`;
  return '';
}

function listSummary(values: readonly string[], label: (value: string) => string): string {
  if (values.length === 0) return '';
  if (values.length <= 2) return values.map(label).join(', ');
  return `${values.length} selected`;
}

const union = (known: readonly string[], more: readonly string[] = []) =>
  [...new Set([...known, ...more])].sort();

/** A score bound as typed: empty (no bound), a whole number 0–100, or not valid yet. */
function parseScore(text: string): number | undefined | null {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 && value <= 100 ? value : null;
}

/**
 * Every filter of the queue, applied as soon as it changes (typed numbers and ids after a short
 * pause). The state chips show how many alerts each state holds under the other filters.
 */
export function QueueFilters({
  filter,
  facets,
  facetsStatus,
  stateCounts,
  onChange,
  onClear,
  firstFieldRef,
}: {
  filter: QueueFilterInput;
  facets: QueueFacets | null;
  /** How the read of the facets went: while it has no answer, the lists say why. */
  facetsStatus: 'loading' | 'ready' | 'error';
  stateCounts: Record<string, number>;
  onChange: (patch: Partial<QueueFilterInput>) => void;
  onClear: () => void;
  firstFieldRef: Ref<HTMLInputElement>;
}) {
  const ids = useId();
  const facetsNote =
    facets !== null
      ? null
      : facetsStatus === 'error'
        ? 'The cache could not be read for more.'
        : 'Reading the cache for more…';
  const states = filter.states ?? [];
  const categories = filter.categories ?? [];
  const reviewGroups = filter.reviewGroups ?? [];

  const [customer, setCustomer] = useDraft(
    filter.customerExternalId ?? '',
    (draft) => {
      onChange({ customerExternalId: draft.trim() || undefined });
      return true;
    },
    TYPING_MS,
  );
  const [name, setName] = useDraft(
    filter.name ?? '',
    (draft) => {
      onChange({ name: draft.trim() || undefined });
      return true;
    },
    TYPING_MS,
  );
  const scoreCommit = (key: 'scoreFrom' | 'scoreTo') => (draft: string) => {
    const value = parseScore(draft);
    if (value === null) return false;
    onChange({ [key]: value });
    return true;
  };
  const [scoreFrom, setScoreFrom] = useDraft(
    filter.scoreFrom === undefined ? '' : String(filter.scoreFrom),
    scoreCommit('scoreFrom'),
    TYPING_MS,
  );
  const [scoreTo, setScoreTo] = useDraft(
    filter.scoreTo === undefined ? '' : String(filter.scoreTo),
    scoreCommit('scoreTo'),
    TYPING_MS,
  );
  const scoreFromInvalid = parseScore(scoreFrom) === null;
  const scoreToInvalid = parseScore(scoreTo) === null;

  const assignee = filter.onlyWithoutAssignment ? UNASSIGNED : (filter.assignedTo ?? '');
  const agents = [
    ...new Set([...(facets?.agents ?? []), ...(filter.assignedTo ? [filter.assignedTo] : [])]),
  ]
    .filter(Boolean)
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));

  return (
    <div className="queue-filters" data-testid="queue-filters">
      <div className="state-chips" role="group" aria-label="States">
        {ALERT_STATES.map(({ value, label, tone }) => {
          const pressed = states.includes(value);
          return (
            <button
              key={value}
              type="button"
              className={`state-chip state-chip-${tone}${pressed ? ' is-pressed' : ''}`}
              aria-pressed={pressed}
              onClick={() =>
                onChange({
                  states: pressed ? states.filter((state) => state !== value) : [...states, value],
                })
              }
              data-testid={`state-chip-${value}`}
            >
              <span className="state-chip-dot" aria-hidden="true" />
              <span>{label}</span>
              <span className="state-chip-count" data-testid="state-chip-count">
                {formatCount(stateCounts[String(value)] ?? 0)}
              </span>
            </button>
          );
        })}
      </div>

      <div className="filter-row">
        <div className="filter-search">
          <label htmlFor={`${ids}-customer`} className="visually-hidden">
            Customer ID
          </label>
          <span className="filter-search-icon" aria-hidden="true">
            ⌕
          </span>
          <input
            ref={firstFieldRef}
            id={`${ids}-customer`}
            type="search"
            className="filter-input"
            placeholder="Customer ID"
            value={customer}
            onChange={(event) => setCustomer(event.target.value)}
            spellCheck={false}
            autoComplete="off"
            data-testid="filter-customer"
          />
        </div>
        <div className="filter-search">
          <label htmlFor={`${ids}-name`} className="visually-hidden">
            Customer name
          </label>
          <span className="filter-search-icon" aria-hidden="true">
            ⌕
          </span>
          <input
            id={`${ids}-name`}
            type="search"
            className="filter-input"
            placeholder="Name"
            value={name}
            maxLength={200}
            onChange={(event) => setName(event.target.value)}
            spellCheck={false}
            autoComplete="off"
            data-testid="filter-name"
          />
        </div>

        <FilterPopover
          label="Category"
          summary={listSummary(categories, categoryLabel)}
          testId="filter-category"
        >
          <CheckList
            options={[...new Set([...(facets?.categories ?? ALERT_CATEGORIES), ...categories])]}
            note={facetsNote}
            selected={categories}
            label={categoryLabel}
            onChange={(next) => onChange({ categories: next })}
          />
        </FilterPopover>

        <div className="filter-score" role="group" aria-labelledby={`${ids}-score`}>
          <span id={`${ids}-score`} className="filter-inline-label">
            Score
          </span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            className="filter-input filter-number"
            aria-label="Score from"
            placeholder="0"
            value={scoreFrom}
            aria-invalid={scoreFromInvalid || undefined}
            onChange={(event) => setScoreFrom(event.target.value)}
            data-testid="filter-score-from"
          />
          <span aria-hidden="true">–</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            className="filter-input filter-number"
            aria-label="Score to"
            placeholder="100"
            value={scoreTo}
            aria-invalid={scoreToInvalid || undefined}
            onChange={(event) => setScoreTo(event.target.value)}
            data-testid="filter-score-to"
          />
        </div>

        <DateRangeFilter
          label="Created"
          from={filter.createdFrom}
          to={filter.createdTo}
          onChange={(from, to) => onChange({ createdFrom: from, createdTo: to })}
          testId="filter-created"
        />
        <DateRangeFilter
          label="Updated"
          from={filter.updatedFrom}
          to={filter.updatedTo}
          onChange={(from, to) => onChange({ updatedFrom: from, updatedTo: to })}
          testId="filter-updated"
        />

        <FilterPopover
          label="Review group"
          summary={
            filter.onlyWithoutReviewGroups ? 'None' : listSummary(reviewGroups, (group) => group)
          }
          testId="filter-review-groups"
        >
          <label className="filter-check filter-check-special">
            <input
              type="checkbox"
              checked={filter.onlyWithoutReviewGroups === true}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? { onlyWithoutReviewGroups: true, reviewGroups: undefined }
                    : { onlyWithoutReviewGroups: undefined },
                )
              }
            />
            <span>Without review group</span>
          </label>
          <CheckList
            options={union(facets?.reviewGroups ?? [], reviewGroups)}
            note={facetsNote}
            selected={reviewGroups}
            label={(group) => group}
            onChange={(next) =>
              onChange({ reviewGroups: next, onlyWithoutReviewGroups: undefined })
            }
          />
        </FilterPopover>

        <FilterPopover
          label="Assignee"
          summary={assignee === UNASSIGNED ? 'Unassigned' : assignee ? agentLabel(assignee) : ''}
          testId="filter-assignee"
        >
          <div className="filter-radios" role="radiogroup" aria-label="Assignee">
            {[
              { value: '', label: 'Anyone' },
              { value: UNASSIGNED, label: 'Unassigned' },
              ...agents.map((agent) => ({ value: agent, label: agentLabel(agent) })),
            ].map((option) => (
              <label key={option.value} className="filter-check">
                <input
                  type="radio"
                  name={`${ids}-assignee`}
                  checked={assignee === option.value}
                  onChange={() =>
                    onChange(
                      option.value === UNASSIGNED
                        ? { onlyWithoutAssignment: true, assignedTo: undefined }
                        : {
                            onlyWithoutAssignment: undefined,
                            assignedTo: option.value || undefined,
                          },
                    )
                  }
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
          {facetsNote && (
            <p className="filter-panel-empty" role="status">
              {facetsNote}
            </p>
          )}
        </FilterPopover>

        <FilterPopover
          label="Your work"
          summary={filter.work ? WORK_LABELS[filter.work] : ''}
          testId="filter-work"
        >
          <div className="filter-radios" role="radiogroup" aria-label="Your work, kept in CaseDesk">
            {([undefined, ...QUEUE_WORK_CHOICES] as const).map((work) => (
              <label key={work ?? 'any'} className="filter-check">
                <input
                  type="radio"
                  name={`${ids}-work`}
                  checked={filter.work === work}
                  onChange={() => onChange({ work })}
                />
                <span>{work ? WORK_LABELS[work] : 'Any alert'}</span>
              </label>
            ))}
          </div>
        </FilterPopover>

        <ColumnChooser />

        <Button
          variant="ghost"
          className="filter-clear"
          onClick={onClear}
          disabled={isFilterEmpty(filter)}
          data-testid="clear-filters"
        >
          Clear filters
        </Button>
      </div>
    </div>
  );
}

/** The queue's work filters, as the filter names them (the contract's QUEUE_WORK, kept equal). */
const QUEUE_WORK_CHOICES: readonly QueueWork[] = ['noted', 'proposed', 'stale', 'awaiting-review'];
const WORK_LABELS: Record<QueueWork, string> = {
  noted: 'With a note',
  proposed: 'Decision proposed',
  stale: 'Proposal stale',
  'awaiting-review': 'Awaiting second review',
};

/** The optional columns (alert id, assignee), shown or not, kept across restarts. */
function ColumnChooser() {
  const shown = useShownColumns((state) => state.shown);
  const setShown = useShownColumns((state) => state.setShown);
  return (
    <FilterPopover
      label="Columns"
      summary={shown.map((column) => COLUMN_LABELS[column]).join(', ')}
      testId="queue-columns"
    >
      <CheckList
        options={OPTIONAL_COLUMNS}
        selected={shown}
        label={(column) => COLUMN_LABELS[column as QueueColumnName]}
        onChange={(next) => setShown(OPTIONAL_COLUMNS.filter((column) => next.includes(column)))}
      />
    </FilterPopover>
  );
}

function DateRangeFilter({
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
  const ids = useId();
  return (
    <FilterPopover label={label} summary={rangeSummary(from, to)} testId={testId}>
      <div className="filter-dates">
        <label htmlFor={`${ids}-from`} className="field-label">
          From
        </label>
        <input
          id={`${ids}-from`}
          type="date"
          className="filter-input"
          value={from ?? ''}
          max={to}
          onChange={(event) => onChange(event.target.value || undefined, to)}
        />
        <label htmlFor={`${ids}-to`} className="field-label">
          To
        </label>
        <input
          id={`${ids}-to`}
          type="date"
          className="filter-input"
          value={to ?? ''}
          min={from}
          onChange={(event) => onChange(from, event.target.value || undefined)}
        />
      </div>
      {(from || to) && (
        <Button variant="ghost" onClick={() => onChange(undefined, undefined)}>
          Any date
        </Button>
      )}
    </FilterPopover>
  );
}
