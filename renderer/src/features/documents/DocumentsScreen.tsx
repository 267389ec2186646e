import { useCallback, useEffect, useMemo, useRef } from 'react';
import { create } from 'zustand';
import type { DocumentFilterInput } from '../../../../preload/contract';
import { useNavigation } from '../../lib/navigation';
import type { Route } from '../../lib/routes';
import { useShortcuts } from '../../lib/shortcuts';
import { Button } from '../../components/Button';
import { Screen } from '../../components/Screen';
import { EmptyState } from '../../components/StateViews';
import { formatCount } from '../../lib/format';
import type { DroppedFile } from '../../lib/local-files';
import { cleanDocumentFilter, filterKey, lastPageOffset, patchFilter } from './document-filter';
import { DocumentFilters } from './DocumentFilters';
import { DocumentResults } from './DocumentResults';
import { FileDropTarget, UploadActions, documentsScope, useUploads, UploadPanel } from '../uploads';
import { useDocumentFacets, useDocumentSearch } from './use-document-search';
// The filter bar and pager share the threads list's styles.
import '../threads';
import './documents.css';

/** The page the list was on, for its filter: coming Back from a customer finds the same page. */
const usePaging = create<{ key: string; offset: number }>(() => ({ key: '', offset: 0 }));

const GROUP = 'Documents';

export function DocumentsScreen({ route }: { route: Extract<Route, { screen: 'documents' }> }) {
  const replace = useNavigation((state) => state.replace);
  const filter = useMemo(() => cleanDocumentFilter(route.filter), [route.filter]);
  const key = filterKey(filter);
  const paging = usePaging();
  const offset = paging.key === key ? paging.offset : 0;
  const setOffset = useCallback((next: number) => usePaging.setState({ key, offset: next }), [key]);
  const read = useDocumentSearch(filter, offset);
  const facets = useDocumentFacets();
  const addFiles = useUploads((state) => state.addFiles);
  const firstFieldRef = useRef<HTMLInputElement>(null);

  /** Applies a change to the newest route, so quick edits of two fields never undo each other. */
  const changeFilter = (patch: Partial<DocumentFilterInput>) => {
    const current = useNavigation.getState().route;
    const base = current.screen === 'documents' ? current.filter : route.filter;
    const next = patchFilter(base ?? {}, patch);
    replace(
      Object.keys(next).length ? { screen: 'documents', filter: next } : { screen: 'documents' },
    );
  };
  const clearFilters = () => replace({ screen: 'documents' });

  // A sync or a delete can shrink the list below the page shown: go to its last page.
  const total = read.data?.total ?? 0;
  const pastTheEnd = read.data !== null && read.data.rows.length === 0 && offset > 0;
  useEffect(() => {
    if (pastTheEnd) setOffset(lastPageOffset(total));
  }, [pastTheEnd, setOffset, total]);

  useShortcuts([
    {
      keys: '/',
      description: 'Filter documents',
      group: GROUP,
      run: () => firstFieldRef.current?.focus(),
    },
  ]);

  const customer = filter.customerExternalId ?? '';
  const onFiles = (files: DroppedFile[]) => void addFiles(documentsScope, customer, files);
  const filtered = Object.keys(filter).length > 0;
  const pending = read.data?.pendingUploads.length ?? 0;

  const empty = filtered ? (
    <EmptyState
      title="No documents match"
      testId="documents-empty"
      action={<Button onClick={clearFilters}>Clear filters</Button>}
    >
      Only documents in the offline cache are searched.
    </EmptyState>
  ) : (
    <EmptyState title="No documents cached yet" testId="documents-empty">
      Documents arrive with the next sync of this profile’s customers. To file one, drop files here
      or use Add files….
    </EmptyState>
  );

  return (
    <FileDropTarget
      label={customer ? `Drop to file on ${customer}` : 'Drop to file documents'}
      hint={customer ? undefined : 'Name each file’s customer in the form that opens.'}
      onFiles={onFiles}
      testId="documents-drop-target"
    >
      <Screen
        title="Documents"
        testId="documents-screen"
        subtitle={
          read.data ? (
            <span data-testid="documents-total">
              {formatCount(total)} {total === 1 ? 'document' : 'documents'}
              {filtered ? (total === 1 ? ' matches' : ' match') : ' in the cache'}
              {pending ? ` · ${formatCount(pending)} waiting to upload` : ''}
            </span>
          ) : null
        }
        actions={
          <UploadActions
            scope={documentsScope}
            customerExternalId={customer}
            askCustomer
            facets={facets}
            onFiles={onFiles}
          />
        }
      >
        <UploadPanel scope={documentsScope} target={null} facets={facets} askCustomer />
        <DocumentFilters
          filter={filter}
          facets={facets}
          onChange={changeFilter}
          onClear={clearFilters}
          firstFieldRef={firstFieldRef}
        />
        <DocumentResults
          key={key}
          read={read}
          offset={offset}
          onPage={setOffset}
          facets={facets}
          showCustomer
          shortcutGroup={GROUP}
          openCustomerOnEnter
          empty={empty}
          label="Documents"
        />
      </Screen>
    </FileDropTarget>
  );
}
