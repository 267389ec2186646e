import type { AlertRevisionView, FieldChange, ProposalPin } from '../../preload/contract';

/** New (spec: States and transitions): the service puts an alert back there when data change. */
const NEW = 2;

/** What a proposal's pin says beside the cache's last revision, by the names the screens show. */
const PINNED: ReadonlyArray<[string, (revision: ProposalPin) => string]> = [
  ['Revision', (revision) => String(revision.revisionNumber)],
  ['State', (revision) => String(revision.state)],
  ['Customer revision', (revision) => revision.customerRevisionId],
  [
    'Profile date',
    (revision) => (revision.profileDate === null ? '' : String(revision.profileDate)),
  ],
  ['Score', (revision) => String(revision.score)],
  ['Top category', (revision) => revision.topCategory.toUpperCase()],
];

/**
 * What moved since a proposal was pinned, or null when it still describes the cached alert. It
 * is stale when the alert has a newer revision (or another one in its place), another customer
 * revision or profile date, or is back at New; score and category are listed beside those as
 * what changed, never a reason on their own (a revision carries them).
 */
export function staleness(
  pinned: ProposalPin,
  now: AlertRevisionView,
): { changes: FieldChange[] } | null {
  const moved =
    now.revisionNumber !== pinned.revisionNumber ||
    (pinned.id !== '' && now.id !== '' && now.id !== pinned.id) ||
    now.customerRevisionId !== pinned.customerRevisionId ||
    now.profileDate !== pinned.profileDate ||
    (now.state === NEW && pinned.state !== NEW);
  if (!moved) return null;
  const changes = PINNED.flatMap(([field, read]) => {
    const before = read(pinned);
    const after = read(now);
    return before === after ? [] : [{ field, before, after }];
  });
  return { changes };
}

/** A revision as a pin keeps it: everything but the changes it made. */
export function pinOf(revision: AlertRevisionView): ProposalPin {
  const { changes: _changes, ...pin } = revision;
  return pin;
}
