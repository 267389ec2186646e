import type { NoteTarget, NoteView, PressReportDetail, ProposalView } from '../../preload/contract';
import { alertView } from '../cache/alert-view';
import { customer360, NO_LIMITS } from '../cache/customer-360';
import { threadView } from '../cache/thread-view';
import { AppError } from '../lib/app-error';
import type { JournalEntry } from '../local/journal';
import type {
  CaseAlert,
  CaseJournalEntry,
  CaseRecord,
  CaseSubject,
  CaseThread,
} from './case-record';
import type { CaseFileSources } from './case-sources';
import { gatherDocuments, type BundledFile } from './gather-documents';
import { excerpt, messageText } from './message-text';
import { narrativeOf } from './narrative';
import { breathe, pacer } from './pace';

// Gathers a case file's record from the cache and the local store, offline. Each part is read in
// short synchronous steps with the event loop let go between them (pace.ts): a customer with
// hundreds of alerts and documents and a thousand notes never holds the window up.

/** Earlier exports are not part of the case: leaving them out keeps a second export identical. */
export const EXPORT_ACTION = 'casefile.exported';

const EXCERPT_CHARACTERS = 600;
const KYT_PAGE = 1000;

const journalEntry = (entry: JournalEntry): CaseJournalEntry => ({
  seq: entry.seq,
  at: new Date(entry.atMs).toISOString(),
  actor: entry.actor,
  action: entry.action,
  subject: entry.subject,
  body: entry.body,
  prevHash: entry.prevHash,
  hash: entry.hash,
});

/** Code-unit order: the same on every computer, whatever its locale. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byTime = (a: string | null, b: string | null) => compare(a ?? '', b ?? '');

/** The latest of the times the record holds (ISO), or null when it holds none. */
function latest(times: ReadonlyArray<string | null | undefined>): string | null {
  let best = Number.NEGATIVE_INFINITY;
  for (const time of times) {
    const ms = time ? Date.parse(time) : Number.NaN;
    if (Number.isFinite(ms) && ms > best) best = ms;
  }
  return Number.isFinite(best) ? new Date(best).toISOString() : null;
}

function caseAlert(view: NonNullable<ReturnType<typeof alertView>>): CaseAlert {
  const { customer: _customer, otherAlerts: _others, ...alert } = view;
  return alert;
}

/** Reports oldest first, each compared with the one before it (as the press screen does). */
async function pressOf(sources: CaseFileSources, customerExternalId: string, gaps: string[]) {
  if (!sources.press) {
    gaps.push('press reports (the local store could not be opened)');
    return { reports: [], comparisons: [] };
  }
  const summaries = [...sources.press.list({ customerExternalId }).reports].sort(
    (a, b) => a.keptAtMs - b.keptAtMs || compare(a.id, b.id),
  );
  const reports: PressReportDetail[] = [];
  for (const summary of summaries) {
    const report = sources.press.get(summary.id);
    if (report) reports.push(report);
    await breathe();
  }
  const comparisons = [];
  for (let index = 1; index < reports.length; index += 1) {
    comparisons.push(
      sources.press.compare(reports[index - 1]!.summary.id, reports[index]!.summary.id),
    );
    await breathe();
  }
  return { reports, comparisons };
}

async function kytOf(sources: CaseFileSources, customerExternalId: string, gaps: string[]) {
  if (!sources.kyt) {
    gaps.push('KYT submissions (the local store could not be opened)');
    return [];
  }
  const details: CaseRecord['kyt'] = [];
  const pace = pacer();
  for (let offset = 0; ; offset += KYT_PAGE) {
    const page = sources.kyt.list({ customerExternalId, offset, limit: KYT_PAGE });
    for (const summary of page.submissions) {
      const detail = sources.kyt.get(summary.id);
      if (detail) {
        const { outboxItemId: _item, ...kept } = detail;
        details.push(kept);
      }
      await pace();
    }
    if (page.submissions.length < KYT_PAGE || offset + KYT_PAGE >= page.total) break;
  }
  return details;
}

async function threadsOf(sources: CaseFileSources, ids: readonly string[]): Promise<CaseThread[]> {
  const threads: CaseThread[] = [];
  for (const id of ids) {
    const view = threadView(sources.cache, id);
    if (!view) continue;
    threads.push({
      thread: view.thread,
      messages: view.messages.map((message) => {
        const cut = excerpt(messageText(message.html), EXCERPT_CHARACTERS);
        return {
          id: message.id,
          from: message.from,
          to: message.to,
          subject: message.subject,
          createdAt: message.createdAt,
          excerpt: cut.text,
          truncated: cut.truncated,
          attachments: message.attachments.map((attachment) => ({
            id: attachment.id,
            fileName: attachment.fileName,
            fileSize: attachment.fileSize,
            sha256:
              sources.downloads?.get({ kind: 'attachment', id: attachment.id })?.sha256 ?? null,
          })),
        };
      }),
    });
    await breathe();
  }
  return threads;
}

/** The proposals of the case's alerts, newest first for each alert. */
async function proposalsOf(sources: CaseFileSources, alertIds: readonly string[], gaps: string[]) {
  const proposals: ProposalView[] = [];
  if (!sources.workbench) {
    gaps.push('notes and proposals (the local store could not be opened)');
    return proposals;
  }
  const pace = pacer();
  for (const alertId of alertIds) {
    proposals.push(...sources.workbench.proposals(alertId));
    await pace();
  }
  return proposals;
}

/** Notes on every record of the case, oldest first. */
async function notesOf(sources: CaseFileSources, targets: readonly NoteTarget[]) {
  const notes: Array<Omit<NoteView, 'segments'>> = [];
  if (!sources.workbench) return notes;
  const pace = pacer();
  // Each target's notes are read in one step (a customer's may be a thousand), each on a fresh slice.
  await breathe();
  for (const target of targets) {
    for (const { segments: _segments, ...note } of sources.workbench.notes(target))
      notes.push(note);
    await pace();
  }
  return notes.sort((a, b) => byTime(a.createdAt, b.createdAt) || compare(a.id, b.id));
}

/** The journal's entries on the case's records, oldest first, earlier exports left out. */
async function journalOf(sources: CaseFileSources, subjects: readonly string[], gaps: string[]) {
  if (!sources.journal) {
    gaps.push('the journal (the local store could not be opened)');
    return [];
  }
  const entries: CaseJournalEntry[] = [];
  const pace = pacer();
  for (const subject of new Set(subjects)) {
    for (const entry of sources.journal.of(subject))
      if (entry.action !== EXPORT_ACTION) entries.push(journalEntry(entry));
    await pace();
  }
  return entries.sort((a, b) => a.seq - b.seq);
}

export interface GatheredCase {
  record: CaseRecord;
  /** Saved document files the bundle carries. */
  files: BundledFile[];
}

/** Everything the case file says about an alert or a customer; not_found when neither is cached. */
export async function gatherCaseRecord(
  sources: CaseFileSources,
  subject: CaseSubject,
): Promise<GatheredCase> {
  const { cache } = sources;
  const gaps: string[] = [];
  const first = subject.kind === 'alert' ? alertView(cache, subject.id) : null;
  if (subject.kind === 'alert' && !first)
    throw new AppError(
      'not_found',
      `Alert ${subject.id} is not in the offline cache: sync, then export its case file.`,
    );
  const customerExternalId = first ? first.customerExternalId : subject.id;
  // The whole record, not the screen's first 500 alerts and threads: a case file leaves out nothing.
  const whole = customer360(cache, customerExternalId, NO_LIMITS);
  if (subject.kind === 'customer' && !whole)
    throw new AppError(
      'not_found',
      `Customer ${subject.id} is not in the offline cache: sync, then export their case file.`,
    );
  await breathe();

  const alerts: CaseAlert[] = [];
  if (first) alerts.push(caseAlert(first));
  else
    for (const row of whole?.alerts ?? []) {
      const view = alertView(cache, row.id);
      if (view) alerts.push(caseAlert(view));
      await breathe();
    }
  const alertIds = alerts.map((alert) => alert.id);
  const otherAlerts = first ? first.otherAlerts : [];
  const threadIds = (whole?.threads ?? []).map((thread) => thread.id);
  const cachedDocuments = whole?.documents ?? [];

  const proposals = await proposalsOf(sources, alertIds, gaps);
  const evidence = proposals.flatMap((proposal) => proposal.evidence);
  const { documents, files } = await gatherDocuments(
    sources,
    customerExternalId,
    cachedDocuments,
    evidence,
  );
  const targets: NoteTarget[] = [
    { kind: 'customer', id: customerExternalId },
    ...alertIds.map((id) => ({ kind: 'alert' as const, id })),
    ...threadIds.map((id) => ({ kind: 'thread' as const, id })),
    ...documents.map((document) => ({ kind: 'document' as const, id: document.id })),
  ];
  const notes = await notesOf(sources, targets);
  const threads = await threadsOf(sources, threadIds);
  const press = await pressOf(sources, customerExternalId, gaps);
  const kyt = await kytOf(sources, customerExternalId, gaps);
  const journal = await journalOf(
    sources,
    targets.map((target) => `${target.kind}:${target.id}`),
    gaps,
  );
  if (!sources.downloads)
    gaps.push('the hashes of downloaded documents (the local store could not be opened)');

  const unnarrated: Omit<CaseRecord, 'narrative'> = {
    subject,
    service: sources.service,
    customerExternalId,
    customer: whole ? { identity: whole.identity, risk: whole.risk, stats: whole.stats } : null,
    alerts,
    otherAlerts,
    timeline: whole?.timeline ?? [],
    timelineMayBeCut: whole?.timelineMayBeCut ?? null,
    documents,
    threads,
    press,
    kyt,
    relations: {
      cached: whole?.relations ?? { asParent: [], asChild: [] },
      kept: sources.keptRelations ? sources.keptRelations(customerExternalId) : [],
    },
    notes,
    proposals,
    reviews: journal.filter((entry) => entry.action.startsWith('review.')),
    journal,
    asOf: null,
    gaps,
  };
  unnarrated.asOf = latest([
    ...alerts.flatMap((alert) => [alert.createdAt, ...alert.revisions.map((r) => r.createdAt)]),
    ...unnarrated.timeline.map((event) => event.createdAt),
    ...documents.map((document) => document.createdAt),
    ...threads.flatMap((thread) => thread.messages.map((message) => message.createdAt)),
    ...notes.map((note) => note.updatedAt),
    ...proposals.map((proposal) => proposal.createdAt),
    ...journal.map((entry) => entry.at),
    ...press.reports.map((report) => new Date(report.summary.keptAtMs).toISOString()),
    ...kyt.map((detail) => detail.summary.settledAt ?? detail.summary.createdAt),
  ]);
  await breathe();
  return { record: { ...unnarrated, narrative: narrativeOf(unnarrated) }, files };
}
