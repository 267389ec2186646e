import type { PressDiff, PressTextPiece } from '../../preload/contract';
import type { CaseDocument, CaseJournalEntry, CaseRecord } from './case-record';
import { block, escapeText, facts, mono, section, t, table, when } from './html-text';
import { stateLabel, timeText } from './labels';

// The dossier's sections on evidence and work: documents, threads, press, KYT, relations, and what
// was done in CaseDesk (notes, proposals, reviews, the journal).

const COPY_TEXT: Record<CaseDocument['copy'], string> = {
  included: 'In the bundle',
  missing: 'Downloaded; the saved file is no longer there',
  changed: 'Downloaded; the saved file was changed since (not included)',
  'not-downloaded': 'Never downloaded to this computer',
};

function documentRow(document: CaseDocument): string[] {
  const status =
    document.status === 'deleted'
      ? `<span class="deleted">Deleted on the service since</span><br><span class="muted">known from ${escapeText(document.knownFrom.join(' and ') || 'the record')}</span>`
      : 'Listed by the service';
  return [
    `${t(document.displayName || document.fileName || document.id)}<br>${mono(document.id)}`,
    `${t(document.fileName)}${document.fileMime ? `<br><span class="muted">${t(document.fileMime)}</span>` : ''}`,
    when(timeText(document.createdAt)),
    status,
    `${document.sha256 ? mono(document.sha256) : '<span class="muted">not known</span>'}${document.bytes === null ? '' : `<br><span class="muted">${document.bytes} bytes, downloaded ${escapeText(timeText(document.downloadedAt))}</span>`}`,
    escapeText(COPY_TEXT[document.copy]),
  ];
}

export function documentsSection(record: CaseRecord): string {
  return section(
    'documents',
    'Documents',
    table(
      ['Document', 'File', 'Created', 'Status', 'SHA-256', 'Bytes'],
      record.documents.map(documentRow),
      'No document of this customer is known.',
    ),
    true,
  );
}

export function threadsSection(record: CaseRecord): string {
  const body = record.threads
    .map(
      ({ thread, messages }) =>
        `<h3>${t(thread.subject || '(no subject)')} <span class="muted">· thread ${mono(thread.id)}</span></h3>${
          messages.length
            ? messages
                .map(
                  (message) =>
                    `<div class="note"><div class="kept">${when(timeText(message.createdAt))} · from ${t(message.from)} to ${t(message.to)}${message.subject ? ` · ${t(message.subject)}` : ''}</div>${block(message.excerpt)}${
                      message.attachments.length
                        ? `<div class="kept">Attachments: ${message.attachments
                            .map(
                              (attachment) =>
                                `${t(attachment.fileName)} (${attachment.fileSize} bytes${attachment.sha256 ? `, SHA-256 ${mono(attachment.sha256)}` : ''})`,
                            )
                            .join('; ')}</div>`
                        : ''
                    }</div>`,
                )
                .join('')
            : '<p class="muted">No message of this thread is cached.</p>'
        }`,
    )
    .join('');
  return section(
    'threads',
    'Threads',
    body || '<p class="muted">No thread names this customer.</p>',
  );
}

const pieces = (text: readonly PressTextPiece[]) =>
  text
    .map((piece) =>
      piece.op === 'added'
        ? `<ins>${escapeText(piece.text)}</ins>`
        : piece.op === 'removed'
          ? `<del>${escapeText(piece.text)}</del>`
          : escapeText(piece.text),
    )
    .join('');

function comparison(diff: PressDiff): string {
  if (diff.same) return '<p class="muted">Nothing changed from the report before it.</p>';
  return `${table(
    ['Category', 'Change', 'Before', 'After'],
    diff.categories
      .filter((entry) => entry.change !== 'unchanged')
      .map((entry) => [
        t(entry.category),
        t(entry.change),
        entry.before ? t(`${entry.before.severity} / ${entry.before.degreeOfCertainty}`) : '—',
        entry.after ? t(`${entry.after.severity} / ${entry.after.degreeOfCertainty}`) : '—',
      ]),
    'No category changed.',
  )}<p>Sources: ${diff.sources.added.length} added, ${diff.sources.removed.length} removed, ${diff.sources.unchanged} unchanged.</p><div class="text" dir="auto">${pieces(diff.riskSummary)}</div>`;
}

export function pressSection(record: CaseRecord): string {
  const { reports, comparisons } = record.press;
  const body = reports
    .map((report, index) => {
      const diff = index === 0 ? undefined : comparisons[index - 1];
      return `<h3>Report ${mono(report.summary.id)} · ${t(report.summary.subjectName)}</h3>${facts([
        ['Made', when(timeText(report.summary.createdAt))],
        ['Kept', when(timeText(report.summary.keptAtMs))],
        ['Highest severity', t(report.summary.highestSeverity)],
        [
          'Categories',
          t(
            report.categories
              .map((c) => `${c.category} (${c.severity}${c.reverted ? ', reverted' : ''})`)
              .join('; '),
          ),
        ],
        ['Sources', t(report.sources.length)],
        ['Risk summary', block(report.riskSummary)],
      ])}${diff ? `<h3>Compared with the report before it</h3>${comparison(diff)}` : ''}`;
    })
    .join('');
  return section(
    'press',
    'Press reports',
    body || '<p class="muted">No press report of this customer is kept.</p>',
    true,
  );
}

export function kytSection(record: CaseRecord): string {
  return section(
    'kyt',
    'KYT submissions',
    table(
      ['Submission', 'Recorded', 'Amount', 'From → to', 'Status', 'Score', 'State'],
      record.kyt.map(({ summary }) => [
        `${mono(summary.id)}${summary.serviceId ? `<br>${mono(summary.serviceId)}` : ''}`,
        when(timeText(summary.createdAt)),
        t(`${summary.amount} ${summary.currency}`),
        `${t(summary.fromName ?? summary.fromExternalId)} → ${t(summary.toName ?? summary.toExternalId)}`,
        t(summary.status),
        t(summary.score),
        t(summary.state?.text ?? null),
      ]),
      'No KYT submission names this customer.',
    ),
  );
}

export function relationsSection(record: CaseRecord): string {
  const { cached, kept } = record.relations;
  const rows = [
    ...cached.asParent.map((r) => [
      'Parent of',
      t(r.otherName || r.otherExternalId),
      mono(r.otherExternalId),
      t(r.relationType),
      'Service',
    ]),
    ...cached.asChild.map((r) => [
      'Child of',
      t(r.otherName || r.otherExternalId),
      mono(r.otherExternalId),
      t(r.relationType),
      'Service',
    ]),
    ...kept.map((r) => [
      r.parentExternalId === record.customerExternalId ? 'Parent of' : 'Child of',
      t(r.parentExternalId === record.customerExternalId ? r.childExternalId : r.parentExternalId),
      mono(r.relationExternalId),
      t(r.relationType),
      t(`Saved from CaseDesk (${r.state})`),
    ]),
  ];
  return section(
    'relations',
    'Relations',
    table(['Relation', 'Customer', 'ID', 'Type', 'Source'], rows, 'No relation is known.'),
  );
}

export function notesSection(record: CaseRecord): string {
  const body = record.notes
    .map(
      (note) =>
        `<div class="note"><div class="kept">On ${escapeText(note.target.kind)} ${t(note.target.id)} · ${t(note.author)} · ${when(timeText(note.createdAt))}${note.edits ? ` · edited ${note.edits}×, last ${escapeText(timeText(note.updatedAt))}` : ''} · kept in CaseDesk, not on the service</div>${block(note.text)}</div>`,
    )
    .join('');
  return section(
    'notes',
    'Notes',
    body || '<p class="muted">No note was written on this case.</p>',
    true,
  );
}

export function proposalsSection(record: CaseRecord): string {
  const body = record.proposals
    .map(
      (proposal) =>
        `<div class="note"><div class="kept">Alert ${t(proposal.alertId)} · ${t(proposal.author)} · ${when(timeText(proposal.createdAt))} · ${escapeText(proposal.status)} · kept in CaseDesk, not on the service</div>${facts(
          [
            ['Proposed state', t(stateLabel(proposal.state))],
            ['Reason', block(proposal.reason)],
            [
              'Evidence',
              proposal.evidence
                .map(
                  (link) =>
                    `${escapeText(link.kind)} ${mono(link.id)}${link.label ? ` ${t(link.label)}` : ''}`,
                )
                .join('<br>') || '—',
            ],
            [
              'Pinned to',
              t(
                `revision ${proposal.pinned.revisionNumber}, customer revision ${proposal.pinned.customerRevisionId || '—'}, profile date ${timeText(proposal.pinned.profileDate)}`,
              ),
            ],
            ...(proposal.withdrawal
              ? [['Withdrawn because', block(proposal.withdrawal)] as [string, string]]
              : []),
            ...(proposal.stale
              ? [
                  [
                    'Stale',
                    `<span class="stale">The alert changed since:</span> ${proposal.stale.changes.map((c) => `${t(c.field)} ${t(c.before)} → ${t(c.after)}`).join('; ')}`,
                  ] as [string, string],
                ]
              : []),
          ],
        )}</div>`,
    )
    .join('');
  return section(
    'proposals',
    'Proposed decisions',
    body || '<p class="muted">No decision was proposed.</p>',
  );
}

const entryRows = (entries: readonly CaseJournalEntry[]) =>
  entries.map((entry) => [
    t(entry.seq),
    when(timeText(entry.at)),
    t(entry.actor),
    t(entry.action),
    t(entry.subject),
    mono(entry.hash),
  ]);

export function reviewsSection(record: CaseRecord): string {
  return section(
    'reviews',
    'Second reviews',
    table(
      ['Entry', 'At', 'By', 'What', 'On', 'Hash'],
      entryRows(record.reviews),
      'No second review is recorded.',
    ),
  );
}

export function journalSection(record: CaseRecord): string {
  return section(
    'journal',
    'Journal',
    `<p class="muted">The journal's entries on this case's records, oldest first, each with its hash (which covers the entry before it: “npm run cli -- journal verify” checks the whole chain). Earlier exports of case files are not listed.</p>${table(
      ['Entry', 'At', 'By', 'What', 'On', 'Hash'],
      entryRows(record.journal),
      'The journal holds no entry on this case.',
    )}`,
    true,
  );
}
