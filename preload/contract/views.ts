import { z } from 'zod';
import { method } from './define';
import { QueueFilter, type QueueFilterInput, QueueSort, type QueueSortInput } from './queue';

// Saved views of the queue, kept per profile by main.

export const SavedViewInput = z
  .object({
    id: z.string().uuid().optional(),
    name: z.string().trim().min(1, 'Give the view a name.').max(80),
    filter: QueueFilter,
    sort: QueueSort,
  })
  .strict();

export interface SavedView {
  id: string;
  name: string;
  filter: QueueFilterInput;
  sort: QueueSortInput;
  updatedAt: string;
}

export const viewsMethods = {
  list: method<SavedView[]>()(z.undefined()),
  save: method<SavedView>()(SavedViewInput),
  remove: method<SavedView[]>()(z.object({ id: z.string().uuid() }).strict()),
};
