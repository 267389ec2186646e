import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
// The rail's labels, read from its source: the rail module needs a window to load.
const RAIL = readFileSync(join(ROOT, 'renderer/src/app/NavRail.tsx'), 'utf8');
const RAIL_LABELS = [...RAIL.matchAll(/^\s+label: '([^']+)',$/gm)].map((match) => match[1]);

describe('the README', () => {
  it('names screens as the navigation rail does', () => {
    // "Open **Connection → + New**": the first step is a rail item a reader can find.
    const paths = [...README.matchAll(/\*\*([^*→]+?) → [^*]+\*\*/g)].map((match) =>
      (match[1] ?? '').trim(),
    );
    expect(paths.length).toBeGreaterThan(0);
    expect(RAIL_LABELS).toContain('Connection');
    for (const first of paths) expect(RAIL_LABELS).toContain(first);
  });
});
