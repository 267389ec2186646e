import type { SyncScope } from '../../../../preload/contract';
import { ALERT_CATEGORIES, categoryLabel } from '../../lib/alert-states';

const STATES: Array<[number, string]> = [
  [1, 'Unknown'],
  [2, 'New'],
  [3, 'Pending information'],
  [4, 'True hit'],
  [5, 'True hit accepted'],
  [6, 'True hit rejected'],
  [7, 'False positive'],
];
/** The service's alert search takes only these (a sync scope is sent to it), by the one label. */
const CATEGORIES = ALERT_CATEGORIES.map((value) => [value, categoryLabel(value)] as const);

export interface ScopeDraft {
  reviewGroups: string;
  states: number[];
  categories: SyncScope['categories'];
  assignedTo: string;
}

export const draftOf = (scope: SyncScope): ScopeDraft => ({
  reviewGroups: scope.reviewGroups.join(', '),
  states: scope.states,
  categories: scope.categories,
  assignedTo: scope.assignedToMemberId === null ? '' : String(scope.assignedToMemberId),
});

export const scopeOf = (draft: ScopeDraft): SyncScope => ({
  reviewGroups: draft.reviewGroups
    .split(/[;,]/)
    .map((group) => group.trim())
    .filter(Boolean),
  states: draft.states,
  categories: draft.categories,
  assignedToMemberId: /^\d+$/.test(draft.assignedTo.trim())
    ? Number(draft.assignedTo.trim())
    : null,
});

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

/** What this profile keeps offline: everything, or some review groups, states, categories or one assignee. */
export function SyncScopeFields({
  draft,
  onChange,
}: {
  draft: ScopeDraft;
  onChange: (draft: ScopeDraft) => void;
}) {
  return (
    <fieldset className="scope" data-testid="sync-scope">
      <legend className="field-label">What to keep offline</legend>
      <p className="field-hint">Leave everything unticked and empty to sync the whole tenant.</p>
      <div className="scope-row">
        <span className="scope-label">Alert states</span>
        <div className="chips">
          {STATES.map(([value, label]) => (
            <label key={value} className={`chip${draft.states.includes(value) ? ' is-on' : ''}`}>
              <input
                type="checkbox"
                checked={draft.states.includes(value)}
                onChange={() => onChange({ ...draft, states: toggle(draft.states, value) })}
              />
              {label}
            </label>
          ))}
        </div>
      </div>
      <div className="scope-row">
        <span className="scope-label">Categories</span>
        <div className="chips">
          {CATEGORIES.map(([value, label]) => (
            <label
              key={value}
              className={`chip${draft.categories.includes(value) ? ' is-on' : ''}`}
            >
              <input
                type="checkbox"
                checked={draft.categories.includes(value)}
                onChange={() => onChange({ ...draft, categories: toggle(draft.categories, value) })}
              />
              {label}
            </label>
          ))}
        </div>
      </div>
      <div className="scope-inputs">
        <label className="field">
          <span className="field-label">Review groups</span>
          <span className="field-control">
            <input
              value={draft.reviewGroups}
              placeholder="All, or e.g. retail-eu, high-risk"
              onChange={(event) => onChange({ ...draft, reviewGroups: event.target.value })}
            />
          </span>
        </label>
        <label className="field">
          <span className="field-label">Assigned to member</span>
          <span className="field-control">
            <input
              value={draft.assignedTo}
              inputMode="numeric"
              placeholder="Anyone"
              onChange={(event) =>
                onChange({ ...draft, assignedTo: event.target.value.replace(/\D/g, '') })
              }
            />
          </span>
        </label>
      </div>
    </fieldset>
  );
}
