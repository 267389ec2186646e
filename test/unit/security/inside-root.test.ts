import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInside, resolveInsideRoot } from '../../../main/security/inside-root';
import { makeTempDir } from '../../support/temp-dir';

describe('resolveInsideRoot', () => {
  const temp = makeTempDir();
  const root = join(temp.path, 'renderer');

  beforeAll(() => {
    mkdirSync(join(root, 'assets'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<html>');
    writeFileSync(join(root, 'assets', 'app.js'), '1');
    writeFileSync(join(temp.path, 'outside.txt'), 'secret');
    symlinkSync(join(temp.path, 'outside.txt'), join(root, 'link.txt'));
  });
  afterAll(() => temp.remove());

  it('serves files under the root', async () => {
    expect(await resolveInsideRoot(root, '/index.html')).toBe(join(root, 'index.html'));
    expect(await resolveInsideRoot(root, '/assets/app.js')).toBe(join(root, 'assets', 'app.js'));
  });

  it.each([
    '/../outside.txt',
    '/assets/../../outside.txt',
    '/%2e%2e/outside.txt',
    '/%2E%2E%2Foutside.txt',
    '/..%5coutside.txt',
    '/link.txt',
    '/index.html%00.js',
    '/%E0%A4%A',
  ])('refuses %s', async (path) => {
    expect(await resolveInsideRoot(root, path)).toBeNull();
  });

  it('never yields a path outside the root, whatever the request', async () => {
    const segment = fc.oneof(
      fc.constantFrom(
        '..',
        '.',
        '%2e%2e',
        '%2E.',
        '..%2f',
        '%5c',
        'assets',
        'index.html',
        'outside.txt',
        '',
        '%00',
      ),
      fc.string({ maxLength: 6 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { maxLength: 6 }), async (segments) => {
        const resolved = await resolveInsideRoot(root, `/${segments.join('/')}`);
        if (resolved !== null) expect(isInside(root, resolved)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
