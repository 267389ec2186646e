import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contract } from '../../../preload/contract';

// One list of domains, the same in the three places: a newcomer who reads one domain's
// preload/contract/<domain>.ts, main/bridge/<domain>.ts and renderer/src/features/<domain>/ knows
// where the next one goes.
const root = resolve(import.meta.dirname, '../../..');
const domains = Object.keys(contract).sort();
const camelCase = (name: string) =>
  name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
const modules = (folder: string, besides: string[]) =>
  readdirSync(join(root, folder))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => name.replace(/\.ts$/, ''))
    .filter((name) => !besides.includes(name))
    // Files are kebab-case, domains camelCase: customer-import.ts holds `customerImport`.
    .map(camelCase)
    .sort();

describe('one list of domains', () => {
  it('the contract has a file per domain', () => {
    expect(modules('preload/contract', ['index', 'define', 'result', 'common'])).toEqual(domains);
  });

  it('the bridge has a file per domain', () => {
    expect(modules('main/bridge', ['index', 'dispatcher', 'handlers'])).toEqual(domains);
  });

  it('the renderer has a feature folder per domain with screens', () => {
    const features = readdirSync(join(root, 'renderer/src/features'))
      .filter((name) => statSync(join(root, 'renderer/src/features', name)).isDirectory())
      .map(camelCase)
      .sort();
    // The app domain's screens are the frame (renderer/src/app/); the cache has none of its own:
    // its event makes every screen read again.
    expect(features).toEqual(domains.filter((domain) => !['app', 'cache'].includes(domain)));
    expect(statSync(join(root, 'renderer/src/app')).isDirectory()).toBe(true);
  });
});

describe('the folders of main', () => {
  it('never import each other both ways', () => {
    const edges = new Set<string>();
    const walk = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? walk(join(folder, entry.name))
          : entry.name.endsWith('.ts')
            ? [join(folder, entry.name)]
            : [],
      );
    const topOf = (file: string) => relative(join(root, 'main'), file).split('/')[0] ?? '';
    const folderOf = (file: string) => topOf(file).replace(/\.ts$/, '');
    for (const file of walk(join(root, 'main'))) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/from '(\.[^']+)'/g)) {
        const target = resolve(dirname(file), match[1] ?? '');
        if (!target.startsWith(join(root, 'main'))) continue;
        const [from, to] = [folderOf(file), folderOf(target)];
        if (from !== to) edges.add(`${from}->${to}`);
      }
    }
    const both = [...edges].filter((edge) => {
      const [from, to] = edge.split('->');
      return edges.has(`${to}->${from}`);
    });
    expect(both).toEqual([]);
  });
});
