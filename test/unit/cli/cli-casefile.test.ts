import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliUsageError, parseCliArgs } from '../../../main/cli/cli-args';
import { exportText, parseCaseFileCommand } from '../../../main/cli/cli-casefile';

// `casefile export`'s arguments, read before any store is opened, and what it says when done.

const parse = (...argv: string[]) => parseCaseFileCommand(parseCliArgs(['casefile', ...argv]));
const refusal = (...argv: string[]) => {
  try {
    parse(...argv);
  } catch (error) {
    if (error instanceof CliUsageError) return error.message;
    throw error;
  }
  throw new Error('accepted');
};

describe('casefile command line', () => {
  it('reads an alert or a customer, the folder made absolute', () => {
    expect(parse('export', '--alert', '42', '--out', 'cases', '--profile', 'P')).toEqual({
      name: 'export',
      subject: { kind: 'alert', id: '42' },
      out: resolve('cases'),
      analyst: null,
      json: false,
    });
    expect(
      parse('export', '--customer', 'C-1', '--out', '/tmp/x', '--analyst', ' Ana ', '--json'),
    ).toMatchObject({
      subject: { kind: 'customer', id: 'C-1' },
      out: '/tmp/x',
      analyst: 'Ana',
      json: true,
    });
  });

  it('refuses what it cannot run with, saying why', () => {
    expect(refusal('list')).toMatch(/^casefile takes export/);
    expect(refusal('export', '--out', 'x')).toMatch(/one of --alert ID or --customer ID/);
    expect(refusal('export', '--alert', '1', '--customer', '2', '--out', 'x')).toMatch(
      /one of --alert ID or --customer ID/,
    );
    expect(refusal('export', '--alert', '1')).toMatch(/needs --out DIR/);
    expect(refusal('export', '--alert', '1', '--out', 'x', '--format', 'pdf')).toMatch(
      /does not take --format/,
    );
    expect(refusal('export', 'extra', '--alert', '1', '--out', 'x')).toMatch(/no other argument/);
  });

  it('says where the files went, the bundle hash, and why there is no PDF', () => {
    const text = exportText(parse('export', '--alert', '42', '--out', '/cases'), {
      files: ['casefile-alert-42.zip'],
      bundleName: 'casefile-alert-42.zip',
      pdfName: null,
      pdfProblem: 'The PDF could not be made: No Chromium was found to print the PDF.',
      bundleSha256: 'a'.repeat(64),
      bundleBytes: 1234,
      manifestSha256: 'b'.repeat(64),
      pdfSha256: null,
      journalHead: { seq: 3, hash: 'c'.repeat(64) },
      journalSeq: 4,
    });
    expect(text).toBe(
      [
        'Case file of alert 42 written to /cases:',
        '  casefile-alert-42.zip  (bundle, 1234 bytes)',
        `Bundle SHA-256: ${'a'.repeat(64)}`,
        `Manifest SHA-256: ${'b'.repeat(64)}`,
        'No PDF: The PDF could not be made: No Chromium was found to print the PDF.',
        'Recorded in the journal as entry 4.',
        '',
      ].join('\n'),
    );
  });
});
