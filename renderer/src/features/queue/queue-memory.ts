import { create } from 'zustand';
import type { Route } from '../../lib/routes';
import { cleanFilter, cleanSort, queryKey, type QueueQuery } from './queue-query';

export type QueueRoute = Extract<Route, { screen: 'queue' }>;

interface QueueMemory {
  /** The queue last shown, so the alert screen can return to it and step through it. */
  route: QueueRoute;
  /** The alert selected in that queue, and the query it was selected under. */
  selectedId: string | null;
  selectedUnder: string | null;
  remember: (route: QueueRoute) => void;
  /** Remembers the selected alert together with the queue it was selected in. */
  select: (id: string | null, route: QueueRoute) => void;
}

export const routeQuery = (route: QueueRoute): QueueQuery => ({
  filter: cleanFilter(route.filter),
  sort: cleanSort(route.sort),
});

/** Outlives the queue screen: leaving for an alert and coming back keeps the place. */
export const useQueueMemory = create<QueueMemory>((set) => ({
  route: { screen: 'queue' },
  selectedId: null,
  selectedUnder: null,
  remember: (route) => set({ route }),
  select: (selectedId, route) =>
    set({ route, selectedId, selectedUnder: queryKey(routeQuery(route)) }),
}));

/** The alert to select again when the queue opens under `query`: only if it was picked there. */
export function rememberedSelection(query: QueueQuery): string | null {
  const { selectedId, selectedUnder } = useQueueMemory.getState();
  return selectedUnder === queryKey(query) ? selectedId : null;
}
