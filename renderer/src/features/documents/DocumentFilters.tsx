import type { RefObject } from 'react';
import type { DocumentFacets, DocumentFilterInput } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { useDraft } from '../../lib/use-draft';
import { TagInput } from '../../components/TagInput';

const TYPING_PAUSE_MS = 300;

/** A text filter applied once the typing pauses; follows outside changes (Clear, Back). */
function TextFilter({
  label,
  value,
  placeholder,
  maxLength,
  onCommit,
  inputRef,
  testId,
  mono = false,
}: {
  label: string;
  value: string;
  placeholder: string;
  maxLength: number;
  onCommit: (value: string | undefined) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  testId: string;
  mono?: boolean;
}) {
  const [draft, setDraft] = useDraft(
    value,
    (typed) => {
      onCommit(typed.trim() || undefined);
      return true;
    },
    TYPING_PAUSE_MS,
  );
  return (
    <label className="thread-filter">
      <span className="thread-filter-label">{label}</span>
      <input
        ref={inputRef}
        type="search"
        value={draft}
        placeholder={placeholder}
        maxLength={maxLength}
        className={mono ? 'mono' : undefined}
        data-testid={testId}
        onChange={(event) => setDraft(event.target.value)}
      />
    </label>
  );
}

/** Every filter of the service's document search, applied to the cache as typed. */
export function DocumentFilters({
  filter,
  facets,
  onChange,
  onClear,
  firstFieldRef,
}: {
  filter: DocumentFilterInput;
  facets: DocumentFacets | null;
  onChange: (patch: Partial<DocumentFilterInput>) => void;
  onClear: () => void;
  firstFieldRef: RefObject<HTMLInputElement | null>;
}) {
  const active = Object.keys(filter).length > 0;
  const chosenTypes = filter.fileTypes ?? [];
  // A type in the address but not in the cache any more still shows, so it can be turned off.
  const typeOptions = [
    ...(facets?.fileTypes ?? []).map((type) => type.value.toLowerCase()),
    ...chosenTypes,
  ].filter((type, index, all) => type && all.indexOf(type) === index);

  return (
    <div
      className="thread-filters"
      role="search"
      aria-label="Filter documents"
      data-testid="document-filters"
    >
      <div className="thread-filter-row">
        <TextFilter
          label="Display name"
          value={filter.displayName ?? ''}
          placeholder="Part of the name"
          maxLength={512}
          onCommit={(displayName) => onChange({ displayName })}
          inputRef={firstFieldRef}
          testId="filter-display-name"
        />
        <TextFilter
          label="File name"
          value={filter.fileName ?? ''}
          placeholder="Part of the file name"
          maxLength={255}
          onCommit={(fileName) => onChange({ fileName })}
          testId="filter-file-name"
        />
        <TextFilter
          label="Customer"
          value={filter.customerExternalId ?? ''}
          placeholder="External id"
          maxLength={256}
          onCommit={(customerExternalId) => onChange({ customerExternalId })}
          testId="filter-customer"
          mono
        />
        <fieldset className="thread-filter thread-date-range">
          <legend className="thread-filter-label">Created</legend>
          <span className="thread-date-inputs">
            <input
              type="date"
              aria-label="Created from"
              value={filter.createdFrom ?? ''}
              max={filter.createdTo}
              data-testid="filter-created-from"
              onChange={(event) => onChange({ createdFrom: event.target.value || undefined })}
            />
            <span aria-hidden="true">–</span>
            <input
              type="date"
              aria-label="Created to"
              value={filter.createdTo ?? ''}
              min={filter.createdFrom}
              data-testid="filter-created-to"
              onChange={(event) => onChange({ createdTo: event.target.value || undefined })}
            />
          </span>
        </fieldset>
      </div>
      <div className="thread-filter-row">
        <TagInput
          label="Tags"
          tags={filter.tags ?? []}
          suggestions={facets?.tags ?? []}
          onChange={(tags) => onChange({ tags })}
          placeholder="Any of these tags"
          testId="filter-tags"
          className="thread-filter documents-tag-filter"
          labelClassName="thread-filter-label"
        />
        <span className="spacer" />
        {active && (
          <Button variant="ghost" onClick={onClear} data-testid="clear-document-filters">
            Clear filters
          </Button>
        )}
      </div>
      {typeOptions.length > 0 && (
        <fieldset className="thread-chip-set" data-testid="filter-file-types">
          <legend className="thread-filter-label">File types</legend>
          <div className="chips">
            {typeOptions.map((type) => {
              const on = chosenTypes.includes(type);
              return (
                <label key={type} className={on ? 'chip is-on' : 'chip'}>
                  <input
                    type="checkbox"
                    checked={on}
                    data-testid={`file-type-${type}`}
                    onChange={() =>
                      onChange({
                        fileTypes: on
                          ? chosenTypes.filter((entry) => entry !== type)
                          : [...chosenTypes, type],
                      })
                    }
                  />
                  {type}
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
    </div>
  );
}
