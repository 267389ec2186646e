import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const CONFIG = resolve(import.meta.dirname, '..', '..', '..', 'electron-builder.yml');

/**
 * The `electronFuses:` block of the packaging config, read strictly: a top-level key followed by
 * lines of exactly `  name: true|false` (comments and blank lines aside). Anything else in the
 * block fails the read, so a fuse cannot hide behind YAML this reader does not understand.
 */
function readFuses(text: string): Record<string, boolean> {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => /^electronFuses:\s*(#.*)?$/.test(line));
  if (start < 0) throw new Error('electron-builder.yml has no top-level electronFuses block');
  if (lines.findIndex((line, index) => index > start && line.startsWith('electronFuses:')) >= 0)
    throw new Error('electronFuses is set twice');
  const fuses: Record<string, boolean> = {};
  for (const line of lines.slice(start + 1)) {
    if (/^\s*(#.*)?$/.test(line)) continue;
    if (!line.startsWith(' ')) break;
    const match = /^ {2}([A-Za-z]+): (true|false)\s*(#.*)?$/.exec(line);
    if (!match?.[1] || !match[2]) throw new Error(`unreadable fuse line: ${line}`);
    if (match[1] in fuses) throw new Error(`fuse ${match[1]} is set twice`);
    fuses[match[1]] = match[2] === 'true';
  }
  return fuses;
}

describe('Electron fuses in the packaging config', () => {
  it('turn off running as Node, NODE_OPTIONS and --inspect; turn on cookie encryption and ASAR checks', () => {
    const fuses = readFuses(readFileSync(CONFIG, 'utf8'));
    expect(fuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });
});
