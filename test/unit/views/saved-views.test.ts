import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SavedViewInput } from '../../../preload/contract';
import { AppError } from '../../../main/lib/app-error';
import type { Logger } from '../../../main/lib/logger';
import { createSavedViews, VIEWS_FILE } from '../../../main/views/saved-views';
import { makeTempDir } from '../../support/temp-dir';

const sort = { column: 'updatedAt', direction: 'desc' } as const;
const input = (fields: Record<string, unknown>) =>
  SavedViewInput.parse({ filter: {}, sort, ...fields });

describe('saved views of the queue', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let warnings: string[];
  let clock: number;
  let views: ReturnType<typeof createSavedViews>;
  const logger: Logger = {
    info() {},
    warn: (message) => warnings.push(message),
    error() {},
  };

  beforeEach(() => {
    temp = makeTempDir();
    warnings = [];
    clock = Date.parse('2024-04-01T09:00:00Z');
    views = createSavedViews({ logger, now: () => new Date((clock += 1000)) });
  });
  afterEach(() => temp.remove());

  it('starts empty, creates views with an id, and lists them by name', async () => {
    expect(await views.list(temp.path)).toEqual([]);
    const pep = await views.save(
      temp.path,
      input({ name: '  Open PEP ', filter: { states: [2, 3], categories: ['pep'] } }),
    );
    expect(pep).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      name: 'Open PEP',
      filter: { states: [2, 3], categories: ['pep'] },
      sort,
      updatedAt: '2024-04-01T09:00:01.000Z',
    });
    await views.save(temp.path, input({ name: 'Assigned to me', filter: { assignedTo: '7' } }));
    expect((await views.list(temp.path)).map((view) => view.name)).toEqual([
      'Assigned to me',
      'Open PEP',
    ]);
    // Kept on disk, readable by the next start.
    const again = createSavedViews({ logger });
    expect(await again.list(temp.path)).toHaveLength(2);
  });

  it('updates a view in place by its id', async () => {
    const saved = await views.save(temp.path, input({ name: 'Open PEP' }));
    const updated = await views.save(
      temp.path,
      input({
        id: saved.id,
        name: 'Open PEP and SIP',
        filter: { categories: ['pep', 'sip'] },
        sort: { column: 'score', direction: 'desc' },
      }),
    );
    expect(updated).toMatchObject({ id: saved.id, name: 'Open PEP and SIP' });
    expect(updated.updatedAt > saved.updatedAt).toBe(true);
    expect(await views.list(temp.path)).toEqual([updated]);
    // Saving under its own name again is fine.
    await expect(
      views.save(temp.path, input({ id: saved.id, name: 'open pep and sip' })),
    ).resolves.toMatchObject({ name: 'open pep and sip' });
  });

  it('refuses to update a view that no longer exists', async () => {
    const missing = views.save(
      temp.path,
      input({ id: '9b2f8a4e-1c3d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Gone' }),
    );
    await expect(missing).rejects.toBeInstanceOf(AppError);
    await expect(missing).rejects.toMatchObject({ code: 'not_found' });
    expect(await views.list(temp.path)).toEqual([]);
  });

  it('refuses a second view of the same name, whatever its case, naming the field', async () => {
    const first = await views.save(temp.path, input({ name: 'High scores' }));
    await views.save(temp.path, input({ name: 'Other' }));
    const clash = views.save(temp.path, input({ name: 'high SCORES' }));
    await expect(clash).rejects.toMatchObject({
      code: 'invalid_input',
      fields: { name: expect.stringMatching(/exists/) as unknown },
    });
    await expect(
      views.save(temp.path, input({ id: first.id, name: 'Other' })),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    expect((await views.list(temp.path)).map((view) => view.name)).toEqual([
      'High scores',
      'Other',
    ]);
  });

  it('removes a view and answers the rest; removing it again changes nothing', async () => {
    const a = await views.save(temp.path, input({ name: 'A' }));
    const b = await views.save(temp.path, input({ name: 'B' }));
    expect(await views.remove(temp.path, a.id)).toEqual([b]);
    expect(await views.remove(temp.path, a.id)).toEqual([b]);
    expect(await views.list(temp.path)).toEqual([b]);
  });

  it('keeps each profile’s views apart', async () => {
    const other = makeTempDir();
    try {
      await views.save(temp.path, input({ name: 'Mine' }));
      expect(await views.list(other.path)).toEqual([]);
    } finally {
      other.remove();
    }
  });

  it.each([
    ['not JSON', '{"version": 1, "views": ['],
    ['the wrong shape', '{"version": 1, "views": {"id": "x"}}'],
    ['from a newer CaseDesk', '{"version": 2, "views": []}'],
  ])('moves a file that is %s aside, says so, and starts over', async (_what, text) => {
    const path = join(temp.path, VIEWS_FILE);
    writeFileSync(path, text);
    expect(await views.list(temp.path)).toEqual([]);
    const aside = readdirSync(temp.path).filter((name) =>
      name.startsWith(`${VIEWS_FILE}.damaged-`),
    );
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(temp.path, aside[0] ?? ''), 'utf8')).toBe(text);
    expect(warnings.join('\n')).toMatch(/moved aside/);
    await views.save(temp.path, input({ name: 'Fresh' }));
    expect((await views.list(temp.path)).map((view) => view.name)).toEqual(['Fresh']);
  });

  it('a view that no longer reads is left out, not lost, and the others still show', async () => {
    const kept = await views.save(temp.path, input({ name: 'Open PEP', filter: { states: [2] } }));
    const path = join(temp.path, VIEWS_FILE);
    const file = JSON.parse(readFileSync(path, 'utf8')) as { version: number; views: unknown[] };
    const odd = { id: 'not-a-uuid', name: 'Hand edited', filter: { states: [9] }, sort };
    writeFileSync(path, JSON.stringify({ ...file, views: [...file.views, odd] }));

    expect(await views.list(temp.path)).toEqual([kept]);
    expect(warnings.join('\n')).toMatch(/1 saved view\(s\) could not be read/);
    await views.save(temp.path, input({ name: 'New only' }));
    const after = JSON.parse(readFileSync(path, 'utf8')) as { views: unknown[] };
    expect(after.views).toContainEqual(odd);
    expect((await views.list(temp.path)).map((view) => view.name)).toEqual([
      'New only',
      'Open PEP',
    ]);
  });

  it('loses no save when several arrive at once, and leaves no temporary file', async () => {
    const names = Array.from({ length: 12 }, (_, index) => `View ${index + 1}`);
    await Promise.all(names.map((name) => views.save(temp.path, input({ name }))));
    expect((await views.list(temp.path)).map((view) => view.name)).toEqual(names);
    expect(readdirSync(temp.path)).toEqual([VIEWS_FILE]);
    const file = JSON.parse(readFileSync(join(temp.path, VIEWS_FILE), 'utf8')) as {
      version: number;
      views: unknown[];
    };
    expect(file.version).toBe(1);
    expect(file.views).toHaveLength(12);
  });
});
