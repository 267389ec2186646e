import { useEffect, useRef, useState } from 'react';
import type { ImportLine, ImportView } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { Screen } from '../../components/Screen';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { api, unwrap } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { useNavigation } from '../../lib/navigation';
import { useAfterFirstFrame } from './after-first-frame';
import type { CellPosition } from './grid-keys';
import { importBridge } from './import-bridge';
import { linesEditable } from './import-figures';
import { followCustomerImports, useCustomerImports } from './import-store';
import { ImportPanel } from './ImportPanel';
import { LineDetail } from './LineDetail';
import { LineEditor } from './LineEditor';
import { LinesGrid } from './LinesGrid';
import { PastImports } from './PastImports';
import { StartImport } from './StartImport';
import { showList, useLinePages } from './use-line-pages';
import './customer-import.css';

/** Main's imports while the screen shows; another profile made active has others. */
function useFollowImports() {
  useEffect(() => {
    let active: string | null | undefined;
    unwrap(api.profiles.list()).then(
      (profiles) => (active ??= profiles.activeProfileId),
      () => undefined,
    );
    return followCustomerImports(useCustomerImports, importBridge, (changed) =>
      api.profiles.onChanged((profiles) => {
        if (profiles.activeProfileId === active) return;
        active = profiles.activeProfileId;
        changed();
      }),
    );
  }, []);
}

function LinesSection({ view }: { view: ImportView }) {
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [active, setActive] = useState<CellPosition>({ row: 0, column: 2 });
  const pages = useLinePages(view, onlyProblems);
  const total = pages.total;
  const editable = linesEditable(view);
  /** The line open in the whole-line editor, and what had the focus before it opened. */
  const [wholeLine, setWholeLine] = useState<ImportLine | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const editWhole = (row: number) => {
    const line = pages.lineAt(row);
    if (!editable || !line) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setWholeLine(line);
  };
  const closing = useRef(false);
  const closeWhole = () => {
    closing.current = true;
    setWholeLine(null);
  };
  // Once the dialog is gone (not before: behind a modal dialog nothing takes the focus), the focus
  // goes back where it was, or to the grid if that was drawn again meanwhile.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (wholeLine !== null || !closing.current) return;
    closing.current = false;
    const back = opener.current?.isConnected
      ? opener.current
      : section.current?.querySelector<HTMLElement>('[role="grid"]');
    back?.focus({ preventScroll: true });
  }, [wholeLine]);
  const activeLine = pages.lineAt(active.row);
  return (
    <section
      ref={section}
      className="ci-lines"
      aria-labelledby="ci-lines-title"
      data-testid="ci-lines"
    >
      <header className="ci-lines-head">
        <h2 id="ci-lines-title" className="ci-step-title">
          Lines
        </h2>
        <label className="ci-check">
          <input
            type="checkbox"
            checked={onlyProblems}
            onChange={(event) => {
              showList(pages, view.id, event.target.checked);
              setOnlyProblems(event.target.checked);
              setActive({ row: 0, column: active.column });
            }}
            data-testid="ci-only-problems"
          />
          Only problems (errors, warnings, unreadable or edited lines)
        </label>
        <span className="ci-muted" data-testid="ci-lines-count">
          {total === null ? 'Reading…' : `${formatCount(total)} lines`}
        </span>
      </header>
      <p className="ci-muted ci-grid-help" id="ci-grid-help">
        {['verifying', 'saving'].includes(view.state)
          ? 'Arrow keys move. Cells can be edited once the import is paused or its dry run is done.'
          : ['done', 'cancelled'].includes(view.state)
            ? 'Arrow keys move. This import is over: its lines can no longer change.'
            : 'Arrow keys move; Enter or F2 edits the cell, Enter keeps the change, Escape leaves it as it was. Shift+Enter edits every field of the line. Edited lines are checked again with “Verify again”.'}
      </p>
      {pages.error !== null && <ErrorState error={pages.error} onRetry={() => pages.refresh()} />}
      {total === 0 ? (
        <EmptyState
          title={onlyProblems ? 'No line has a problem' : 'The file has no line'}
          testId="ci-lines-empty"
        >
          {onlyProblems
            ? 'Every line read so far is clean. Clear “Only problems” to see them all.'
            : 'Nothing was read from the file: check that it has lines after its header.'}
        </EmptyState>
      ) : (
        <LinesGrid
          view={view}
          pages={pages}
          onlyProblems={onlyProblems}
          active={active}
          onActive={setActive}
          onEditWhole={editWhole}
        />
      )}
      <LineDetail
        line={activeLine}
        onEditWhole={editable && activeLine ? () => editWhole(active.row) : undefined}
      />
      {wholeLine && (
        <LineEditor
          key={wholeLine.line}
          importId={view.id}
          line={wholeLine}
          onKept={(line) => {
            pages.replace(line);
            closeWhole();
          }}
          onClose={closeWhole}
        />
      )}
    </section>
  );
}

/** The panel, and the lines a frame after it, each built in a task of its own. */
function PanelAndLines({ view }: { view: ImportView }) {
  const linesNow = useAfterFirstFrame();
  return (
    <>
      <ImportPanel view={view} />
      {linesNow && <LinesSection key={view.id} view={view} />}
    </>
  );
}

function OneImport({ id }: { id: string }) {
  const status = useCustomerImports((state) => state.status);
  const error = useCustomerImports((state) => state.error);
  const load = useCustomerImports((state) => state.load);
  const view = useCustomerImports((state) => state.imports.find((entry) => entry.id === id));
  // Coming from the start, the task that takes the start's form away does not also build the
  // import: together they blocked the window for over 50 ms.
  const panelNow = useAfterFirstFrame();
  // Known already: nothing for that one frame, rather than a loading state flashed and announced.
  if (view) return panelNow ? <PanelAndLines view={view} /> : null;
  if (status === 'loading') return <LoadingState label="Reading the import…" />;
  if (status === 'error') return <ErrorState error={error} onRetry={() => void load()} />;
  return (
    <EmptyState title="This import is not kept in this profile" testId="ci-not-found">
      It may belong to another profile. Choose “New import” to start one, or reopen one from the
      list of past imports.
    </EmptyState>
  );
}

function StartAndList() {
  const navigate = useNavigation((state) => state.navigate);
  const receive = useCustomerImports((state) => state.receive);
  const status = useCustomerImports((state) => state.status);
  const error = useCustomerImports((state) => state.error);
  const imports = useCustomerImports((state) => state.imports);
  const load = useCustomerImports((state) => state.load);
  return (
    <>
      <StartImport
        onStarted={(view) => {
          receive(view);
          navigate({ screen: 'customer-import', id: view.id });
        }}
      />
      <section className="ci-step" aria-labelledby="ci-past-title">
        <h2 id="ci-past-title" className="ci-step-title">
          Past imports
        </h2>
        {status === 'loading' && imports.length === 0 ? (
          <LoadingState label="Reading the imports…" />
        ) : status === 'error' && imports.length === 0 ? (
          <ErrorState error={error} onRetry={() => void load()} />
        ) : (
          <PastImports imports={imports} />
        )}
      </section>
    </>
  );
}

/** Import customers (and their relations) from a file: start one, or follow one by its id. */
export function CustomerImportScreen({ id }: { id?: string | undefined }) {
  useFollowImports();
  const navigate = useNavigation((state) => state.navigate);
  return (
    <Screen
      title="Import customers"
      subtitle="Customers and relations from a CSV, JSON or NDJSON file: a dry run first, then the save."
      actions={
        id ? (
          <Button
            onClick={() => navigate({ screen: 'customer-import' })}
            data-testid="ci-new-import"
          >
            New import
          </Button>
        ) : undefined
      }
      testId="customer-import-screen"
    >
      {id ? <OneImport key={id} id={id} /> : <StartAndList />}
    </Screen>
  );
}
