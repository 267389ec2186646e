import type { RefObject } from 'react';
import type { PressListFilterInput } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { useDraft } from '../../lib/use-draft';
import { SEVERITIES } from './press-filter';

const TYPING_PAUSE_MS = 300;

/** Subject, category, severity and the days a report was kept; applied as they change. */
export function PressFilters({
  filter,
  categories,
  onChange,
  onClear,
  subjectRef,
}: {
  filter: PressListFilterInput;
  categories: string[];
  onChange: (patch: Partial<PressListFilterInput>) => void;
  onClear: () => void;
  subjectRef: RefObject<HTMLInputElement | null>;
}) {
  const [subject, setSubject] = useDraft(
    filter.subject ?? '',
    (typed) => {
      onChange({ subject: typed.trim() || undefined });
      return true;
    },
    TYPING_PAUSE_MS,
  );
  // A category in the address but in no kept report still shows, so it can be turned off.
  const categoryOptions = [
    ...categories,
    ...(filter.category && !categories.includes(filter.category) ? [filter.category] : []),
  ];
  const active = Object.keys(filter).some((key) => key !== 'customerExternalId');
  return (
    <div className="press-filters" role="search" aria-label="Filter press reports">
      <label className="press-filter press-filter-wide">
        <span className="press-filter-label">Subject</span>
        <input
          ref={subjectRef}
          type="search"
          value={subject}
          maxLength={200}
          placeholder="Part of a name"
          data-testid="press-filter-subject"
          onChange={(event) => setSubject(event.target.value)}
        />
      </label>
      <label className="press-filter">
        <span className="press-filter-label">Category</span>
        <select
          value={filter.category ?? ''}
          data-testid="press-filter-category"
          onChange={(event) => onChange({ category: event.target.value || undefined })}
        >
          <option value="">Any category</option>
          {categoryOptions.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </label>
      <label className="press-filter">
        <span className="press-filter-label">Severity</span>
        <select
          value={filter.severity ?? ''}
          data-testid="press-filter-severity"
          onChange={(event) =>
            onChange({
              severity: SEVERITIES.find((severity) => severity === event.target.value),
            })
          }
        >
          <option value="">Any severity</option>
          {SEVERITIES.map((severity) => (
            <option key={severity} value={severity}>
              {severity} or higher
            </option>
          ))}
        </select>
      </label>
      <label className="press-filter">
        <span className="press-filter-label">Kept from</span>
        <input
          type="date"
          value={filter.keptFrom ?? ''}
          data-testid="press-filter-kept-from"
          onChange={(event) => onChange({ keptFrom: event.target.value || undefined })}
        />
      </label>
      <label className="press-filter">
        <span className="press-filter-label">Kept to</span>
        <input
          type="date"
          value={filter.keptTo ?? ''}
          data-testid="press-filter-kept-to"
          onChange={(event) => onChange({ keptTo: event.target.value || undefined })}
        />
      </label>
      <Button variant="ghost" onClick={onClear} disabled={!active} data-testid="press-filter-clear">
        Clear filters
      </Button>
    </div>
  );
}
