import type { Journal } from '../local/journal';
import type { Logger } from '../lib/logger';
import { bundleContents } from './bundle-files';
import { caseFileName, finishTemp, nameFiles, openTemp, type TempFile } from './case-file-output';
import { subjectName, type CaseSubject } from './case-record';
import type { CaseFileSources } from './case-sources';
import { dossierHtml } from './dossier-html';
import { EXPORT_ACTION, gatherCaseRecord } from './gather-record';
import { sha256Of } from '../lib/hash-file';
import type { PrintToPdf } from './pdf-printer';
import { writeDeterministicZip } from './zip-writer';

// One export of a case file: the record gathered offline, the bundle written (deterministic: the
// same record gives the same bytes), the dossier printed to PDF (when a printer is at hand: the
// bundle is written without it otherwise, and the answer says why), both files named in the
// folder, and the export recorded in the journal with the bundle's hashes and the journal's head
// before it.

export interface CaseFileExportDeps {
  sources: CaseFileSources;
  /** Where the export is recorded; null while the local store cannot be opened (then it is not). */
  journal: Pick<Journal, 'append' | 'head'> | null;
  printToPdf: PrintToPdf;
  /** Who exports: named on the dossier's cover and in the journal. */
  actor: string;
  logger: Logger;
  now?: () => number;
}

export interface CaseFileExport {
  /** The files written, by name, in the folder: the bundle first. */
  files: string[];
  bundleName: string;
  pdfName: string | null;
  /** Why there is no PDF, in words; null when there is one. */
  pdfProblem: string | null;
  bundleSha256: string;
  bundleBytes: number;
  manifestSha256: string;
  pdfSha256: string | null;
  /** The journal's head before the export's own entry; null when the journal is not at hand. */
  journalHead: { seq: number; hash: string } | null;
  /** The export's own journal entry (its seq); null when it could not be recorded. */
  journalSeq: number | null;
}

export async function exportCaseFile(
  deps: CaseFileExportDeps,
  subject: CaseSubject,
  folder: string,
): Promise<CaseFileExport> {
  const now = deps.now ?? Date.now;
  const { record, files } = await gatherCaseRecord(deps.sources, subject);
  const contents = await bundleContents(record, files);
  const temps: TempFile[] = [];
  let done = false;
  try {
    const zip = await openTemp(folder, 'zip');
    temps.push(zip);
    const bundle = await writeDeterministicZip(contents.entries, zip.handle);
    await finishTemp(zip, true);

    const head = deps.journal ? deps.journal.head() : null;
    const html = await dossierHtml(record, {
      exportedAt: new Date(now()).toISOString(),
      exportedBy: deps.actor,
      journalHead: head,
      bundleSha256: bundle.sha256,
      manifestSha256: contents.manifestSha256,
    });
    let pdf: Buffer | null = null;
    let pdfProblem: string | null = null;
    try {
      pdf = await deps.printToPdf(html);
    } catch (error) {
      pdfProblem = `The PDF could not be made: ${error instanceof Error ? error.message : String(error)}`;
      deps.logger.warn(`case file of ${subjectName(subject)}: ${pdfProblem}`);
    }
    const named: Array<{ temp: string; extension: string }> = [
      { temp: zip.path, extension: 'zip' },
    ];
    if (pdf) {
      const printed = await openTemp(folder, 'pdf');
      temps.push(printed);
      await printed.handle.writeFile(pdf);
      await finishTemp(printed, true);
      named.push({ temp: printed.path, extension: 'pdf' });
    }
    const names = await nameFiles(folder, caseFileName(subject), named);
    done = true;
    const pdfSha256 = pdf ? sha256Of(pdf) : null;
    let journalSeq: number | null = null;
    try {
      journalSeq =
        deps.journal?.append({
          actor: deps.actor,
          action: EXPORT_ACTION,
          subject: subjectName(subject),
          body: {
            bundleSha256: bundle.sha256,
            manifestSha256: contents.manifestSha256,
            journalHead: head ? { seq: head.seq, hash: head.hash } : null,
            pdfSha256,
            files: names,
          },
        }).seq ?? null;
    } catch (error) {
      deps.logger.error(
        `the export of the case file of ${subjectName(subject)} could not be recorded in the journal`,
        error,
      );
    }
    return {
      files: names,
      bundleName: names[0]!,
      pdfName: names[1] ?? null,
      pdfProblem,
      bundleSha256: bundle.sha256,
      bundleBytes: bundle.bytes,
      manifestSha256: contents.manifestSha256,
      pdfSha256,
      journalHead: head,
      journalSeq,
    };
  } finally {
    if (!done) for (const temp of temps) await finishTemp(temp, false);
  }
}
