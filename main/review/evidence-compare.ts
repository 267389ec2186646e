import type {
  ReviewFieldChange,
  ReviewItemComparison,
  ReviewItemResult,
} from '../../preload/contract';
import { canonicalJson } from '../lib/canonical-json';
import type { BundleItem } from './review-bundle';

// The maker's evidence beside this installation's own, item by item: the same when the hashes
// agree; otherwise where the records differ, down to two levels of members (`last_revision.state`)
// so the checker sees what moved, not only that something did.

/** How deep into a record differences are named. */
const DEPTH = 2;
/** Values named per item; the rest are summed up by the hash that differs. */
const MOST_CHANGES = 20;
/** A value shown beside another is cut here. */
const SHOWN = 300;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const shown = (value: unknown): string => {
  if (value === undefined) return '(absent)';
  const text = typeof value === 'string' ? value : canonicalJson(value);
  return text.length > SHOWN ? `${text.slice(0, SHOWN - 1)}…` : text;
};

/** Where two records differ, with both values, at most MOST_CHANGES of them. */
export function changedValues(theirs: unknown, here: unknown): ReviewFieldChange[] {
  const changes: ReviewFieldChange[] = [];
  const walk = (a: unknown, b: unknown, path: string, depth: number) => {
    if (changes.length >= MOST_CHANGES) return;
    if (depth < DEPTH && isRecord(a) && isRecord(b)) {
      const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
      for (const name of names) walk(a[name], b[name], path ? `${path}.${name}` : name, depth + 1);
      return;
    }
    if (a === undefined && b === undefined) return;
    if (a !== undefined && b !== undefined && canonicalJson(a) === canonicalJson(b)) return;
    changes.push({ path: path || '—', theirs: shown(a), here: shown(b) });
  };
  walk(theirs, here, '', 0);
  return changes;
}

function resultOf(theirs: BundleItem, here: BundleItem): ReviewItemResult {
  if (theirs.state === 'missing')
    return here.state === 'missing' ? 'missing-both' : 'missing-there';
  if (here.state === 'missing') return 'missing-here';
  return theirs.sha256 === here.sha256 ? 'same' : 'differs';
}

function fileResult(theirs: BundleItem, here: BundleItem): ReviewItemComparison['file'] {
  if (theirs.kind !== 'document') return null;
  if (!theirs.file || !here.file) return 'not-compared';
  return theirs.file.sha256 === here.file.sha256 ? 'same' : 'differs';
}

/** Each of the maker's items beside this installation's snapshot of the same record. */
export function compareItems(
  theirs: readonly BundleItem[],
  here: readonly BundleItem[],
): ReviewItemComparison[] {
  const mine = new Map(here.map((item) => [`${item.kind}:${item.id}`, item]));
  return theirs.map((item) => {
    const own = mine.get(`${item.kind}:${item.id}`);
    const ours: BundleItem = own ?? { ...item, state: 'missing', content: null, file: null };
    const result = own
      ? resultOf(item, ours)
      : item.state === 'missing'
        ? 'missing-both'
        : 'missing-here';
    return {
      kind: item.kind,
      id: item.id,
      label: item.label,
      theirs: { state: item.state, sha256: item.sha256 },
      here: { state: ours.state, sha256: own ? ours.sha256 : '' },
      result,
      changes: result === 'differs' ? changedValues(item.content, ours.content) : [],
      file: fileResult(item, ours),
    };
  });
}

/** The items that are not the same, as an answer carries them. */
export const differencesOf = (
  items: readonly ReviewItemComparison[],
): Array<
  Pick<ReviewItemComparison, 'kind' | 'id' | 'label'> & {
    result: Exclude<ReviewItemResult, 'same'>;
  }
> =>
  items.flatMap(({ kind, id, label, result }) =>
    result === 'same' ? [] : [{ kind, id, label, result }],
  );
