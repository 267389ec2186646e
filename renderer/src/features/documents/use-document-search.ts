import { useEffect, useMemo, useRef } from 'react';
import type { DocumentFacets, DocumentFilterInput } from '../../../../preload/contract';
import { api, unwrap } from '../../lib/api';
import { useCached } from '../../lib/use-cached';
import { filterKey, PAGE_SIZE } from './document-filter';

/**
 * A page of the cached document search that follows the cache and the outbox: a sync, a
 * change queued, an upload moving from one phase to the next all read it again.
 */
export function useDocumentSearch(filter: DocumentFilterInput, offset: number) {
  const key = `documents:${filterKey(filter)}:${offset}`;
  const read = useCached(key, () =>
    unwrap(api.documents.search({ filter, offset, limit: PAGE_SIZE })),
  );
  const { reload } = read;
  const phases = useRef(new Map<string, string>());
  useEffect(() => {
    const stopOutbox = api.outbox.onChanged(() => reload());
    // Bytes sent move the bars, not the list: read again only when an upload changes phase.
    const stopProgress = api.uploads.onProgress((progress) => {
      if (phases.current.get(progress.requestId) === progress.phase) return;
      phases.current.set(progress.requestId, progress.phase);
      reload();
    });
    return () => {
      stopOutbox();
      stopProgress();
    };
  }, [reload]);
  return { ...read, key };
}

/** Tags and file types already seen in the cache: the suggestions of every tag field. */
export function useDocumentFacets(): DocumentFacets | null {
  return useCached('document-facets', () => unwrap(api.documents.facets())).data;
}

/** Files waiting in the outbox to be filed on a customer, followed as they are sent. */
export function usePendingUploadCount(customerExternalId: string): number {
  const filter = useMemo(() => ({ customerExternalId }), [customerExternalId]);
  return useDocumentSearch(filter, 0).data?.pendingUploads.length ?? 0;
}
