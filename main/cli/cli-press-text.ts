import type {
  PressDiff,
  PressList,
  PressReportDetail,
  PressReportSummary,
  PressTextPiece,
} from '../../preload/contract';

// Human output of `press …`. Every string of a report is the service's (or an article's) text:
// control characters could move the cursor, recolour or retitle the terminal, and bidirectional
// controls could make a line read otherwise than it is, so they are dropped and each field is
// kept on one line.

// C0 and C1 controls, DEL, and the bidirectional marks, embeddings, overrides and isolates.
const UNSAFE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A service string made safe to print on one line of a terminal. */
export function terminalText(value: string): string {
  return value
    .replace(/[\t\n]+/g, ' ')
    .replace(UNSAFE, '')
    .trim();
}

/** Sources listed one by one before "… and N more". */
export const SOURCES_SHOWN = 20;

const t = terminalText;

function summaryLine(summary: PressReportSummary): string {
  const made = summary.createdAt ? `made ${t(summary.createdAt)}` : 'made (time not given)';
  const customer = summary.customerExternalId ? `, customer ${t(summary.customerExternalId)}` : '';
  return `${t(summary.id)}  ${made}  about “${t(summary.subjectName)}”  (${summary.origin}${customer})`;
}

function certaintyAndSeverity(category: { severity: string; degreeOfCertainty: string }): string {
  return `severity ${t(category.severity) || '—'}, certainty ${t(category.degreeOfCertainty) || '—'}`;
}

/** A report as an investigator reads it in a terminal. */
export function reportText(report: PressReportDetail): string {
  const { summary } = report;
  const lines = [`Report ${summaryLine(summary)}`];
  if (summary.previousReportId) lines.push(`Compared with: ${t(summary.previousReportId)}`);
  lines.push(`Risk summary: ${t(report.riskSummary) || '(none)'}`);
  lines.push(`General summary: ${t(report.generalSummary) || '(none)'}`);
  lines.push(`Categories (${report.categories.length}):`);
  for (const category of report.categories)
    lines.push(
      `  ${t(category.category)}: ${certaintyAndSeverity(category)}${category.reverted ? ', reverted' : ''} — ${category.sourceKeys.length} source${category.sourceKeys.length === 1 ? '' : 's'}${category.reason ? ` — ${t(category.reason)}` : ''}`,
    );
  if (report.categories.length === 0) lines.push('  (none)');
  const quality = report.sources.filter((source) => source.quality).length;
  lines.push(
    `Sources: ${report.sources.length} (${quality} known quality, ${summary.readSourceCount} read)`,
  );
  for (const source of report.sources.slice(0, SOURCES_SHOWN))
    lines.push(
      `  ${source.quality ? '[quality] ' : ''}${source.read ? '[read] ' : ''}${t(source.title) || '(no title)'} — ${t(source.site) || '(no site)'}  ${t(source.url)}`,
    );
  if (report.sources.length > SOURCES_SHOWN)
    lines.push(`  … and ${report.sources.length - SOURCES_SHOWN} more (--json lists them all)`);
  if (report.namesake)
    lines.push(
      `Namesakes: ${report.namesake.count ?? '—'} (score ${report.namesake.score ?? '—'})${report.namesake.historicalOrDeadEntity ? ', historical or dead entity' : ''}`,
    );
  if (report.input) {
    const countries = report.input.countryCodes.map(t).join(', ');
    lines.push(`Made for: “${t(report.input.name)}”${countries ? ` (${countries})` : ''}`);
  }
  if (report.missingSections.length)
    lines.push(`Not in this report: ${report.missingSections.map(t).join(', ')}`);
  return `${lines.join('\n')}\n`;
}

/** One line per kept report, newest first. */
export function listText(list: PressList): string {
  if (list.reports.length === 0) return 'No press reports kept in this profile.\n';
  const lines = list.reports.map((report) => {
    const severity = report.highestSeverity
      ? `highest ${t(report.highestSeverity)}`
      : 'no findings';
    const categories = report.categories
      .map((c) => `${t(c.category)} (${t(c.severity)}${c.reverted ? ', reverted' : ''})`)
      .join(', ');
    return `${summaryLine(report)}\n    ${severity}; ${report.sourceCount} sources${categories ? `; ${categories}` : ''}`;
  });
  return `${lines.join('\n')}\n${list.total} report${list.total === 1 ? '' : 's'}\n`;
}

/** A summary's differences as a word diff: [-removed-] {+added+}. */
export function piecesText(pieces: readonly PressTextPiece[]): string {
  return pieces
    .map((piece) =>
      piece.op === 'same'
        ? t(piece.text)
        : piece.op === 'added'
          ? `{+${t(piece.text)}+}`
          : `[-${t(piece.text)}-]`,
    )
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const CHANGE_WORDS: Record<PressDiff['categories'][number]['change'], string> = {
  added: 'added',
  removed: 'removed',
  severity: 'severity changed',
  certainty: 'certainty changed',
  'severity-and-certainty': 'severity and certainty changed',
  reverted: 'reverted',
  restored: 'restored',
  unchanged: 'unchanged',
};

const arrow = (before: number | null, after: number | null) =>
  before === after ? `${before ?? '—'}` : `${before ?? '—'} → ${after ?? '—'}`;

/** What changed from the older report to the newer one. */
export function diffText(diff: PressDiff): string {
  const lines = [`Older: ${summaryLine(diff.older)}`, `Newer: ${summaryLine(diff.newer)}`];
  if (diff.same) return `${lines.join('\n')}\nNothing changed.\n`;
  lines.push('Categories:');
  for (const entry of diff.categories) {
    if (entry.change === 'unchanged') continue;
    const sign = entry.change === 'added' ? '+' : entry.change === 'removed' ? '-' : '~';
    const before = entry.before ? certaintyAndSeverity(entry.before) : null;
    const after = entry.after ? certaintyAndSeverity(entry.after) : null;
    const detail =
      before && after && before !== after ? `: ${before} → ${after}` : `: ${after ?? before ?? ''}`;
    lines.push(`  ${sign} ${t(entry.category)} ${CHANGE_WORDS[entry.change]}${detail}`);
  }
  const unchanged = diff.categories.filter((entry) => entry.change === 'unchanged').length;
  if (unchanged) lines.push(`  ${unchanged} unchanged`);
  const { added, removed } = diff.sources;
  lines.push(
    `Sources: ${added.length} added, ${removed.length} removed, ${diff.sources.unchanged} unchanged`,
  );
  for (const [sign, sources] of [
    ['+', added],
    ['-', removed],
  ] as const) {
    for (const source of sources.slice(0, SOURCES_SHOWN))
      lines.push(
        `  ${sign} ${source.quality ? '[quality] ' : ''}${t(source.title) || '(no title)'}  ${t(source.url)}`,
      );
    if (sources.length > SOURCES_SHOWN)
      lines.push(`  ${sign} … and ${sources.length - SOURCES_SHOWN} more (--json lists them all)`);
  }
  const { namesake } = diff;
  lines.push(
    `Namesakes: ${arrow(namesake.countBefore, namesake.countAfter)} (score ${arrow(namesake.scoreBefore, namesake.scoreAfter)})`,
  );
  lines.push(`Risk summary: ${piecesText(diff.riskSummary)}`);
  lines.push(`General summary: ${piecesText(diff.generalSummary)}`);
  return `${lines.join('\n')}\n`;
}
