import { create } from 'zustand';
import type { CaseFileExportView, CaseFileSubject } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { api, errorMessage, unwrap } from '../../lib/api';
import { useShortcuts } from '../../lib/shortcuts';
import './workbench.css';

// A case file is exported by main into a folder of its own in the download folder. What became of
// the last export of each record is kept here, not in the screen: an investigator who leaves the
// screen while it runs finds the answer on coming back.

type Export =
  | { state: 'running' }
  | { state: 'done'; view: CaseFileExportView }
  | { state: 'failed'; message: string };

interface CaseFileExports {
  bySubject: Record<string, Export>;
  start(subject: CaseFileSubject): Promise<void>;
  dismiss(subject: CaseFileSubject): void;
}

const keyOf = (subject: CaseFileSubject) =>
  'alertId' in subject ? `alert:${subject.alertId}` : `customer:${subject.customerExternalId}`;

const useCaseFileExports = create<CaseFileExports>((set, get) => {
  const put = (key: string, value: Export | null) =>
    set(({ bySubject }) => {
      const next = { ...bySubject };
      if (value) next[key] = value;
      else delete next[key];
      return { bySubject: next };
    });
  return {
    bySubject: {},
    async start(subject) {
      const key = keyOf(subject);
      if (get().bySubject[key]?.state === 'running') return;
      put(key, { state: 'running' });
      try {
        put(key, { state: 'done', view: await unwrap(api.workbench.exportCaseFile(subject)) });
      } catch (error) {
        put(key, { state: 'failed', message: errorMessage(error) });
      }
    },
    dismiss: (subject) => put(keyOf(subject), null),
  };
});

const useExport = (subject: CaseFileSubject) =>
  useCaseFileExports((state) => state.bySubject[keyOf(subject)]);

/** The case file's button, with its shortcut (x) in the screen's group of shortcuts. */
export function CaseFileButton({
  subject,
  shortcutGroup,
}: {
  subject: CaseFileSubject;
  shortcutGroup: string;
}) {
  const running = useExport(subject)?.state === 'running';
  const start = () => void useCaseFileExports.getState().start(subject);
  useShortcuts([
    {
      keys: 'x',
      description: 'Export the case file (PDF and bundle)',
      group: shortcutGroup,
      run: start,
    },
  ]);
  return (
    <Button
      onClick={start}
      busy={running}
      title="Export the case file: a PDF dossier and a bundle of its records, into your download folder (X)"
      data-testid="casefile-export"
    >
      {running ? 'Exporting the case file…' : 'Case file'} <kbd>X</kbd>
    </Button>
  );
}

/** What the last export of this record gave: where its files are, or what to do. */
export function CaseFileResult({ subject }: { subject: CaseFileSubject }) {
  const last = useExport(subject);
  if (!last || last.state === 'running') return null;
  const dismiss = (
    <Button
      variant="ghost"
      className="casefile-dismiss"
      onClick={() => useCaseFileExports.getState().dismiss(subject)}
      data-testid="casefile-dismiss"
    >
      Dismiss
    </Button>
  );
  if (last.state === 'failed')
    return (
      <Banner tone="danger" title="The case file was not exported" testId="casefile-result">
        <p data-testid="casefile-message">{last.message}</p>
        {dismiss}
      </Banner>
    );
  const { view } = last;
  return (
    <Banner
      tone={view.pdf ? 'success' : 'warning'}
      title={view.pdf ? 'Case file exported' : 'Case file exported without its PDF'}
      testId="casefile-result"
    >
      <p data-testid="casefile-message">
        In your download folder, folder <span className="mono">{view.folderName}</span>:{' '}
        {view.files.map((name, index) => (
          <span key={name}>
            {index > 0 && ', '}
            <span className="mono" data-testid="casefile-file">
              {name}
            </span>
          </span>
        ))}
        .
      </p>
      {view.pdfProblem && <p data-testid="casefile-pdf-problem">{view.pdfProblem}</p>}
      {view.journalSeq === null && (
        <p data-testid="casefile-not-journaled">
          The export could not be recorded in the journal (the profile’s local store could not be
          written): its files are complete; export it again once the Journal screen opens.
        </p>
      )}
      <p className="casefile-hash">
        Bundle SHA-256{' '}
        <span className="mono" data-testid="casefile-sha256">
          {view.bundleSha256}
        </span>
        {view.journalSeq !== null && <> · journal entry {view.journalSeq}</>}
      </p>
      {dismiss}
    </Banner>
  );
}
