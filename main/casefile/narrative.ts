import type { CaseNarrative, CaseRecord } from './case-record';
import { categoryLabel, stateLabel, timeText, valueText } from './labels';

// The narrative an investigator hands on, laid out as who, what, when, where, why and how, each
// prefilled from the record: a draft to read and complete, every statement traceable to a section
// of the case file. Plain sentences, no markup: the dossier escapes them like any other text.

type Unnarrated = Omit<CaseRecord, 'narrative'>;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

const unique = (values: readonly string[]) =>
  [...new Set(values.map((value) => value.trim()).filter(Boolean))].sort();

/** Screening indicators with a value set (PEP, sanctions, press risk…), as `name: value`. */
function raisedIndicators(record: Unnarrated): string[] {
  const screening = record.customer?.risk?.screening ?? [];
  return screening
    .filter((indicator) => {
      const value = indicator.value;
      return value !== null && value !== false && value !== 0 && value !== '' && value !== '0';
    })
    .map((indicator) => `${indicator.name}: ${valueText(indicator.value)}`);
}

function who(record: Unnarrated): string[] {
  const identity = record.customer?.identity;
  const fields = identity?.fields ?? {};
  const lines = [
    identity
      ? `The customer ${identity.name || '(no name given)'}, external ID ${identity.externalId}` +
        (identity.accountType ? `, account type ${identity.accountType}` : '') +
        (fields.date_of_birth ? `, born ${valueText(fields.date_of_birth)}` : '') +
        '.'
      : `The customer with external ID ${record.customerExternalId} (not in the offline cache).`,
  ];
  if (identity?.nameVariations.length)
    lines.push(`Also known as: ${identity.nameVariations.join('; ')}.`);
  const related = [...record.relations.cached.asParent, ...record.relations.cached.asChild];
  if (related.length + record.relations.kept.length > 0)
    lines.push(
      `Related customers: ${unique(related.map((relation) => relation.otherName || relation.otherExternalId)).join(', ') || '—'}` +
        (record.relations.kept.length
          ? ` (and ${plural(record.relations.kept.length, 'relation')} saved from CaseDesk)`
          : '') +
        '.',
    );
  const people = unique([
    ...record.notes.map((note) => note.author),
    ...record.proposals.map((proposal) => proposal.author),
  ]);
  lines.push(
    people.length
      ? `Worked on in CaseDesk by: ${people.join(', ')}.`
      : 'No note or proposal was recorded in CaseDesk.',
  );
  return lines;
}

function what(record: Unnarrated): string[] {
  const lines: string[] = [];
  if (record.subject.kind === 'alert') {
    const alert = record.alerts[0];
    if (alert)
      lines.push(
        `Alert ${alert.id}: a ${categoryLabel(alert.last.topCategory)} match, score ${alert.last.score}, now ${stateLabel(alert.last.state)} (revision ${alert.last.revisionNumber}, ${plural(alert.revisions.length, 'revision')} seen).`,
      );
    if (record.otherAlerts.length)
      lines.push(
        `The customer has ${plural(record.otherAlerts.length, 'other alert')} in the cache.`,
      );
  } else {
    const byState = new Map<string, number>();
    for (const alert of record.alerts) {
      const label = stateLabel(alert.last.state);
      byState.set(label, (byState.get(label) ?? 0) + 1);
    }
    lines.push(
      record.alerts.length
        ? `${plural(record.alerts.length, 'alert')} in the cache: ${[...byState]
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([label, count]) => `${count} ${label}`)
            .join(', ')}.`
        : 'No alert of this customer is in the cache.',
    );
  }
  for (const proposal of record.proposals.filter((p) => p.status === 'open'))
    lines.push(
      `Proposed decision on alert ${proposal.alertId}: ${stateLabel(proposal.state)}, by ${proposal.author}` +
        (proposal.stale ? ' (stale: the alert changed since it was proposed).' : '.'),
    );
  const severities = unique(
    record.press.reports.map((report) => report.summary.highestSeverity ?? ''),
  );
  if (record.press.reports.length)
    lines.push(
      `${plural(record.press.reports.length, 'press report')} kept` +
        (severities.length ? `; severities found: ${severities.join(', ')}.` : '.'),
    );
  if (record.kyt.length)
    lines.push(`${plural(record.kyt.length, 'KYT submission')} name the customer.`);
  return lines;
}

function when(record: Unnarrated): string[] {
  const lines: string[] = [];
  for (const alert of record.alerts.slice(0, record.subject.kind === 'alert' ? 1 : 0))
    lines.push(
      `Alert ${alert.id} was raised ${timeText(alert.createdAt)}; its last revision is of ${timeText(alert.last.createdAt)} (profile date ${timeText(alert.last.profileDate)}).`,
    );
  if (record.subject.kind === 'customer' && record.alerts.length) {
    const times = record.alerts
      .map((alert) => alert.createdAt ?? '')
      .filter(Boolean)
      .sort();
    lines.push(`Alerts raised from ${timeText(times[0])} to ${timeText(times[times.length - 1])}.`);
  }
  const events = record.timeline
    .map((event) => event.createdAt ?? '')
    .filter(Boolean)
    .sort();
  if (events.length)
    lines.push(
      `The customer's timeline runs from ${timeText(events[0])} to ${timeText(events[events.length - 1])} (${plural(events.length, 'event')}).`,
    );
  for (const proposal of record.proposals.filter((p) => p.status === 'open'))
    lines.push(`The open proposal was made ${timeText(proposal.createdAt)}.`);
  lines.push(`The record is as of ${timeText(record.asOf)}.`);
  return lines;
}

function where(record: Unnarrated): string[] {
  const fields = record.customer?.identity.fields ?? {};
  const lines: string[] = [];
  const place = (label: string, key: string) => {
    const text = valueText(fields[key]);
    if (text !== '—') lines.push(`${label}: ${text}.`);
  };
  place('Nationality', 'nationality_codes');
  place('Domicile', 'domicile_codes');
  place('Registration number', 'registration_number');
  const groups = record.customer?.identity.reviewGroups ?? [];
  if (groups.length) lines.push(`Review groups: ${groups.join(', ')}.`);
  const profiles = unique(record.alerts.map((alert) => alert.profileNumber));
  if (profiles.length) lines.push(`Watchlist profile: ${profiles.join(', ')}.`);
  lines.push(`Screened by the service at ${record.service}.`);
  return lines;
}

function why(record: Unnarrated): string[] {
  const lines = record.proposals
    .filter((proposal) => proposal.status === 'open')
    .map((proposal) => `Reason given for the proposal: ${proposal.reason}`);
  for (const alert of record.alerts.slice(0, record.subject.kind === 'alert' ? 1 : 0))
    if (alert.last.comment.trim()) lines.push(`The service's last comment: ${alert.last.comment}`);
  const raised = raisedIndicators(record);
  if (raised.length) lines.push(`Screening indicators set: ${raised.join('; ')}.`);
  const edd = record.customer?.risk?.edd;
  if (edd && !edd.disabled)
    lines.push(
      `Enhanced due diligence: ${valueText(edd.state)}${edd.comment ? ` (${edd.comment})` : ''}.`,
    );
  if (lines.length === 0) lines.push('No reason is recorded yet: state it here.');
  return lines;
}

function how(record: Unnarrated): string[] {
  const hashed = record.documents.filter((document) => document.sha256 !== null).length;
  const gone = record.documents.filter((document) => document.status === 'deleted').length;
  const messages = record.threads.reduce((sum, thread) => sum + thread.messages.length, 0);
  const lines = [
    `Reviewed ${plural(record.documents.length, 'document')} (${hashed} with a SHA-256 of the bytes downloaded` +
      (gone ? `, ${gone} deleted on the service since` : '') +
      `), ${plural(messages, 'message')} in ${plural(record.threads.length, 'thread')}, ${plural(record.timeline.length, 'timeline event')}.`,
  ];
  for (const proposal of record.proposals.filter((p) => p.status === 'open'))
    if (proposal.evidence.length)
      lines.push(
        `Evidence cited: ${proposal.evidence.map((link) => `${link.kind} ${link.id}${link.label ? ` (${link.label})` : ''}`).join('; ')}.`,
      );
  lines.push(
    "Gathered from CaseDesk's offline cache and local store. Notes and proposals are kept in CaseDesk, not on the service; each is an entry of the profile's hash-chained journal.",
  );
  return lines;
}

export function narrativeOf(record: Unnarrated): CaseNarrative {
  return {
    who: who(record),
    what: what(record),
    when: when(record),
    where: where(record),
    why: why(record),
    how: how(record),
  };
}
