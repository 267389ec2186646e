import type { AlertRevisionView, IndicatorView } from '../../preload/contract';
import type { CaseAlert, CaseRecord } from './case-record';
import {
  documentsSection,
  journalSection,
  kytSection,
  notesSection,
  pressSection,
  proposalsSection,
  relationsSection,
  reviewsSection,
  threadsSection,
} from './dossier-sections';
import { block, escapeText, facts, mono, section, t, table, when } from './html-text';
import { agentLabel, categoryLabel, stateLabel, timeText, valueText } from './labels';
import { breathe } from './pace';

// The dossier: one self-contained HTML page (inline CSS, no script, no image, nothing fetched: its
// Content-Security-Policy forbids all of it) printed to PDF. Every value is escaped text
// (html-text.ts). The cover carries what only this export knows: when and by whom it was made, the
// journal's head at that moment and the bundle's hashes, which tie the PDF to its bundle.

export interface DossierStamp {
  exportedAt: string;
  exportedBy: string;
  journalHead: { seq: number; hash: string } | null;
  bundleSha256: string;
  manifestSha256: string;
}

const CSS = `
@page { size: A4; margin: 16mm 14mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 9.5pt; color: #111; line-height: 1.35; margin: 0; }
h1 { font-size: 20pt; margin: 0 0 4mm; }
h2 { font-size: 13pt; border-bottom: 1px solid #888; padding-bottom: 1mm; margin: 7mm 0 3mm; break-after: avoid; }
h3 { font-size: 10.5pt; margin: 4mm 0 2mm; break-after: avoid; }
section.page { break-before: page; }
table { border-collapse: collapse; width: 100%; margin: 0 0 3mm; }
th, td { border: 1px solid #bbb; padding: 1mm 1.5mm; text-align: start; vertical-align: top; overflow-wrap: break-word; }
.when { white-space: nowrap; }
thead th { background: #eee; }
tr { break-inside: avoid; }
table.facts th { width: 32%; background: #f4f4f4; font-weight: 600; }
.mono { font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: 8pt; word-break: break-all; }
.text { white-space: pre-wrap; overflow-wrap: anywhere; }
.muted { color: #555; }
.ctl { font-family: monospace; font-size: 7.5pt; border: 1px solid #c33; color: #c33; padding: 0 0.5mm; }
.deleted { color: #a00; font-weight: 600; }
.stale { color: #a60; font-weight: 600; }
.note { border: 1px solid #ccc; padding: 2mm; margin: 0 0 2mm; break-inside: avoid; }
.kept { font-size: 8pt; color: #555; }
ins { background: #dfd; text-decoration: none; }
del { background: #fdd; }
.columns { display: flex; gap: 4mm; }
.columns > div { flex: 1; min-width: 0; }
`;

const IDENTITY_FIELDS: ReadonlyArray<readonly [string, string]> = [
  ['date_of_birth', 'Date of birth'],
  ['nationality_codes', 'Nationality'],
  ['domicile_codes', 'Domicile'],
  ['registration_number', 'Registration number'],
  ['customer_type', 'Customer type'],
  ['kyc_level', 'KYC level'],
  ['revision_number', 'Customer revision'],
];

function cover(record: CaseRecord, stamp: DossierStamp): string {
  const name = record.customer?.identity.name ?? '';
  const what =
    record.subject.kind === 'alert'
      ? `Alert ${record.subject.id} · customer ${record.customerExternalId}`
      : `Customer ${record.customerExternalId}`;
  return `<header><h1>Case file</h1><p><strong>${t(name || record.customerExternalId)}</strong></p><p>${t(what)}</p></header>${facts(
    [
      ['Exported', when(timeText(stamp.exportedAt))],
      ['Exported by', t(stamp.exportedBy)],
      ['Record as of', when(timeText(record.asOf))],
      ['Service', t(record.service)],
      [
        'Journal head at export',
        stamp.journalHead
          ? `entry ${stamp.journalHead.seq}, ${mono(stamp.journalHead.hash)}`
          : 'The journal could not be read.',
      ],
      ['Bundle SHA-256', mono(stamp.bundleSha256)],
      ['Manifest SHA-256', mono(stamp.manifestSha256)],
    ],
  )}<p class="muted">Notes, proposed decisions and reviews are kept in CaseDesk, not on the service. Every one is an entry of the profile's hash-chained journal; the bundle beside this PDF holds the same record as JSON, with the documents and a manifest of their SHA-256.</p>${
    record.gaps.length
      ? `<p class="stale">Not included, as it could not be read: ${escapeText(record.gaps.join('; '))}.</p>`
      : ''
  }`;
}

function narrative(record: CaseRecord): string {
  const parts: Array<[string, string[]]> = [
    ['Who', record.narrative.who],
    ['What', record.narrative.what],
    ['When', record.narrative.when],
    ['Where', record.narrative.where],
    ['Why', record.narrative.why],
    ['How', record.narrative.how],
  ];
  return section(
    'narrative',
    'Narrative',
    `<p class="muted">Prefilled from the record below; read it, then complete it.</p>${parts
      .map(([label, lines]) => `<h3>${label}</h3>${lines.map((line) => block(line)).join('')}`)
      .join('')}`,
  );
}

function customerSection(record: CaseRecord): string {
  const identity = record.customer?.identity;
  if (!identity)
    return section(
      'customer',
      'Customer',
      `<p class="muted">Customer ${t(record.customerExternalId)} is not in the offline cache.</p>`,
      true,
    );
  const rows: Array<[string, string]> = [
    ['Name', t(identity.name)],
    ['External ID', mono(identity.externalId)],
    ['Service ID', mono(identity.id)],
    ['Account type', t(identity.accountType)],
    ...IDENTITY_FIELDS.filter(([key]) => valueText(identity.fields[key]) !== '—').map(
      ([key, label]): [string, string] => [label, t(valueText(identity.fields[key]))],
    ),
    ['Name variations', identity.nameVariations.map((name) => t(name)).join('<br>') || '—'],
    ['Review groups', t(identity.reviewGroups.join(', '))],
  ];
  return section('customer', 'Customer', facts(rows), true);
}

const indicatorRows = (indicators: readonly IndicatorView[]) =>
  indicators.map((indicator) => [t(indicator.name), t(valueText(indicator.value))]);

function riskSection(record: CaseRecord): string {
  const risk = record.customer?.risk;
  if (!risk)
    return section(
      'risk',
      'Indicators and EDD',
      '<p class="muted">The customer’s detail has not been fetched by a sync yet.</p>',
    );
  const edd = risk.edd;
  return section(
    'risk',
    'Indicators and EDD',
    `${facts([['Overall risk', t(valueText(risk.overallRisk))]])}<h3>Screening</h3>${table(
      ['Indicator', 'Value'],
      indicatorRows(risk.screening),
      'No screening indicator.',
    )}<h3>Identity verification</h3>${table(['Indicator', 'Value'], indicatorRows(risk.identityVerification), 'No identity verification indicator.')}<h3>Other indicators</h3>${table(
      ['Indicator', 'Value'],
      indicatorRows([...risk.other, ...risk.customFields]),
      'No other indicator.',
    )}<h3>Enhanced due diligence</h3>${
      edd
        ? facts([
            ['State', t(valueText(edd.state))],
            ['Next review', when(timeText(edd.nextReviewDate))],
            ['Agent', t(edd.agentName)],
            ['Comment', block(edd.comment)],
            ['Since', when(timeText(edd.createdAt))],
            ['Disabled', edd.disabled ? 'Yes' : 'No'],
          ])
        : '<p class="muted">No EDD record.</p>'
    }`,
  );
}

const revisionRow = (revision: AlertRevisionView) => [
  t(revision.revisionNumber),
  when(timeText(revision.createdAt)),
  t(stateLabel(revision.state)),
  t(revision.score),
  t(categoryLabel(revision.topCategory)),
  t(agentLabel(revision.agentId)),
  revision.changes.length
    ? revision.changes
        .map(
          (change) =>
            `${t(change.field)}: <del>${t(change.before)}</del> → <ins>${t(change.after)}</ins>`,
        )
        .join('<br>')
    : '<span class="muted">first seen</span>',
];

function alertBlock(alert: CaseAlert): string {
  return `<h3>Alert ${t(alert.id)}</h3>${facts([
    ['State', t(stateLabel(alert.last.state))],
    ['Score', t(alert.last.score)],
    ['Top category', t(categoryLabel(alert.last.topCategory))],
    ['Raised', when(timeText(alert.createdAt))],
    ['Last comment', block(alert.last.comment)],
  ])}${table(['Revision', 'At', 'State', 'Score', 'Category', 'Agent', 'What changed'], alert.revisions.map(revisionRow), 'No revision is cached.')}`;
}

function matchSection(record: CaseRecord): string {
  const identity = record.customer?.identity;
  const customerSide = identity
    ? facts([
        ['Name', t(identity.name)],
        ['External ID', mono(identity.externalId)],
        ...IDENTITY_FIELDS.slice(0, 4).map(([key, label]): [string, string] => [
          label,
          t(valueText(identity.fields[key])),
        ]),
      ])
    : '<p class="muted">Not in the offline cache.</p>';
  const matches = record.alerts.map((alert) =>
    facts([
      ['Alert', mono(alert.id)],
      ['Profile number', mono(alert.profileNumber)],
      ['Top category', t(categoryLabel(alert.last.topCategory))],
      ['Score', t(alert.last.score)],
      ['Profile date', when(timeText(alert.last.profileDate))],
      ['Customer revision ID', mono(alert.last.customerRevisionId)],
    ]),
  );
  return section(
    'match',
    'Customer and match',
    `<div class="columns"><div><h3>Customer</h3>${customerSide}</div><div><h3>Alert match data</h3>${matches.join('') || '<p class="muted">No alert.</p>'}</div></div>`,
  );
}

function alertsSection(record: CaseRecord): string {
  const others = record.otherAlerts.length
    ? `<h3>The customer's other alerts</h3>${table(
        ['Alert', 'State', 'Score', 'Category', 'Updated'],
        record.otherAlerts.map((row) => [
          mono(row.id),
          t(stateLabel(row.state)),
          t(row.score),
          t(categoryLabel(row.category)),
          when(timeText(row.updatedAt)),
        ]),
        '',
      )}`
    : '';
  return section(
    'alerts',
    record.subject.kind === 'alert' ? 'Alert and revisions' : 'Alerts and revisions',
    (record.alerts.map(alertBlock).join('') ||
      '<p class="muted">No alert of this customer is cached.</p>') + others,
    true,
  );
}

function timelineSection(record: CaseRecord): string {
  return section(
    'timeline',
    'Timeline',
    `${record.timelineMayBeCut === null ? '' : `<p class="stale">The service stopped the timeline at ${record.timelineMayBeCut} events: it may hold more.</p>`}${table(
      ['At', 'Event', 'Title', 'Description'],
      record.timeline.map((event) => [
        when(timeText(event.createdAt)),
        t(event.eventType),
        t(event.title),
        block(event.description),
      ]),
      'No timeline event is cached.',
    )}`,
  );
}

/** The dossier's HTML, a section at a time (the event loop let go between sections). */
export async function dossierHtml(record: CaseRecord, stamp: DossierStamp): Promise<string> {
  const builders: Array<(record: CaseRecord) => string> = [
    (r) => cover(r, stamp),
    narrative,
    customerSection,
    riskSection,
    alertsSection,
    matchSection,
    timelineSection,
    documentsSection,
    threadsSection,
    pressSection,
    kytSection,
    relationsSection,
    notesSection,
    proposalsSection,
    reviewsSection,
    journalSection,
  ];
  const parts: string[] = [];
  for (const build of builders) {
    parts.push(build(record));
    await breathe();
  }
  const title = `Case file ${record.subject.kind} ${record.subject.id}`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"><title>${escapeText(title)}</title><style>${CSS}</style></head><body>${parts.join('\n')}</body></html>`;
}
