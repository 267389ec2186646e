import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import {
  QueueFilter,
  QueueSort,
  type SavedView,
  type SavedViewInput,
} from '../../preload/contract';
import { AppError } from '../lib/app-error';
import { readJsonFile, writeJsonFile } from '../lib/json-file';
import type { Logger } from '../lib/logger';

const StoredView = z.object({
  id: z.string().uuid(),
  name: z.string().trim().min(1).max(80),
  filter: QueueFilter,
  sort: QueueSort,
  updatedAt: z.string(),
});

// Each view is read on its own: one that no longer fits (a hand edit, a filter a later version
// dropped) is left out of the list but kept in the file, and the others still show.
const ViewsFile = z.object({ version: z.literal(1), views: z.array(z.unknown()) });
type ViewsFile = z.infer<typeof ViewsFile>;
type StoredView = z.infer<typeof StoredView>;

const empty = (): ViewsFile => ({ version: 1, views: [] });

export const VIEWS_FILE = 'views.json';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const byName = (views: readonly SavedView[]): SavedView[] =>
  [...views].sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
/** Names are told apart as a person reads them: "Open PEP" and "open pep " are one name. */
const sameName = (a: string, b: string) => collator.compare(a.trim(), b.trim()) === 0;

export interface SavedViews {
  list(folder: string): Promise<SavedView[]>;
  save(folder: string, input: z.output<typeof SavedViewInput>): Promise<SavedView>;
  remove(folder: string, id: string): Promise<SavedView[]>;
}

/**
 * The queue's saved views of each profile, in `views.json` in the profile's folder: read with its
 * schema (a damaged file is moved aside and the list starts empty), written atomically, one change
 * at a time per file so two quick saves cannot lose one another.
 */
export function createSavedViews(deps: { logger: Logger; now?: () => Date }): SavedViews {
  const now = deps.now ?? (() => new Date());
  const queues = new Map<string, Promise<unknown>>();

  const serially = <T>(path: string, work: () => Promise<T>): Promise<T> => {
    const next = (queues.get(path) ?? Promise.resolve()).then(work);
    queues.set(
      path,
      next.catch(() => undefined),
    );
    return next;
  };
  const read = async (path: string) => {
    const file = await readJsonFile(path, ViewsFile, empty, deps.logger);
    const views: StoredView[] = [];
    const unreadable: unknown[] = [];
    for (const entry of file.views) {
      const parsed = StoredView.safeParse(entry);
      if (parsed.success) views.push(parsed.data);
      else unreadable.push(entry);
    }
    if (unreadable.length)
      deps.logger.warn(
        `${path}: ${unreadable.length} saved view(s) could not be read; kept, not listed`,
      );
    return { views, unreadable };
  };
  const write = (path: string, views: StoredView[], unreadable: unknown[]) =>
    writeJsonFile(path, { version: 1, views: [...views, ...unreadable] } satisfies ViewsFile);

  return {
    list: (folder) => {
      const path = join(folder, VIEWS_FILE);
      return serially(path, async () => byName((await read(path)).views));
    },

    save: (folder, input) => {
      const path = join(folder, VIEWS_FILE);
      return serially(path, async () => {
        const file = await read(path);
        if (input.id && !file.views.some((view) => view.id === input.id))
          throw new AppError('not_found', 'That view no longer exists; save it as a new one.');
        if (file.views.some((view) => view.id !== input.id && sameName(view.name, input.name))) {
          const message = `A view named “${input.name}” exists already.`;
          throw new AppError('invalid_input', message, { name: message });
        }
        const saved: SavedView = {
          id: input.id ?? randomUUID(),
          name: input.name,
          filter: input.filter,
          sort: input.sort,
          updatedAt: now().toISOString(),
        };
        const views = input.id
          ? file.views.map((view) => (view.id === input.id ? saved : view))
          : [...file.views, saved];
        await write(path, views, file.unreadable);
        return saved;
      });
    },

    remove: (folder, id) => {
      const path = join(folder, VIEWS_FILE);
      return serially(path, async () => {
        const file = await read(path);
        const views = file.views.filter((view) => view.id !== id);
        // Removing a view already gone (another window, a double click) is no error.
        if (views.length !== file.views.length) await write(path, views, file.unreadable);
        return byName(views);
      });
    },
  };
}
