import { create } from 'zustand';
import type { ThreadFilterInput } from '../../../../preload/contract';

export const PAGE_SIZE = 50;

/** The filter without empty values, as the bridge takes it (and as a cache key). */
export function cleanThreadFilter(filter: ThreadFilterInput): ThreadFilterInput {
  const clean: ThreadFilterInput = {};
  const text = (value: string | undefined) => value?.trim() || undefined;
  const list = (value: string[] | undefined) => (value?.length ? value : undefined);
  const entries: ThreadFilterInput = {
    status: filter.status,
    tags: list(filter.tags),
    reviewGroups: list(filter.reviewGroups),
    customer: text(filter.customer),
    contact: text(filter.contact),
    content: text(filter.content),
    createdFrom: text(filter.createdFrom),
    createdTo: text(filter.createdTo),
    updatedFrom: text(filter.updatedFrom),
    updatedTo: text(filter.updatedTo),
  };
  for (const [key, value] of Object.entries(entries) as Array<[keyof ThreadFilterInput, unknown]>)
    if (value !== undefined) Object.assign(clean, { [key]: value });
  return clean;
}

interface ThreadListState {
  filter: ThreadFilterInput;
  offset: number;
  /** Row of the page the keyboard is on. */
  selected: number;
  change: (patch: Partial<ThreadFilterInput>) => void;
  clear: () => void;
  page: (offset: number) => void;
  select: (index: number) => void;
}

/** Kept while the app runs, so returning from a thread finds the list as it was left. */
export const useThreadList = create<ThreadListState>((set) => ({
  filter: {},
  offset: 0,
  selected: 0,
  change: (patch) =>
    set((state) => ({
      filter: cleanThreadFilter({ ...state.filter, ...patch }),
      offset: 0,
      selected: 0,
    })),
  clear: () => set({ filter: {}, offset: 0, selected: 0 }),
  page: (offset) => set({ offset: Math.max(0, offset), selected: 0 }),
  select: (selected) => set({ selected }),
}));
