import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-http';
import { makeTempDir } from '../support/temp-dir';

const ROOT = resolve(import.meta.dirname, '..', '..');

describe('npm run start:browser', () => {
  it('builds, serves, and prints exactly one line: CaseDesk ready at <url>', async () => {
    const temp = makeTempDir();
    const child = spawn(
      process.execPath,
      ['scripts/start-browser.mjs', '--no-open', '--data-dir', temp.path, '--port', '0'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const url = await new Promise<string>((resolveUrl, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          const match = /^CaseDesk ready at (\S+)\n/m.exec(stdout);
          if (match?.[1]) resolveUrl(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)));
      });
      expect(stdout).toBe(`CaseDesk ready at ${url}\n`);
      const parsed = new URL(url);
      expect(parsed.hostname).toBe('127.0.0.1');
      const response = await rawRequest({
        port: Number(parsed.port),
        path: `${parsed.pathname}${parsed.search}`,
      });
      expect(response.status).toBe(303);
      expect(response.headers['set-cookie']?.[0]).toMatch(/HttpOnly/);
    } finally {
      const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
      child.kill('SIGTERM');
      await exited;
      temp.remove();
    }
  }, 60_000);

  it('keeps its compiled code in the user’s cache folder, for the next start to load', async () => {
    const temp = makeTempDir();
    const { NODE_COMPILE_CACHE: _set, ...env } = process.env;
    const child = spawn(
      process.execPath,
      ['out/main/browser-host.js', '--no-open', '--sandbox', 'off', '--data-dir', temp.path],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, XDG_CACHE_HOME: temp.path } },
    );
    try {
      await new Promise<void>((resolveReady, reject) => {
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('CaseDesk ready at ')) resolveReady();
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
      });
      const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
      child.kill('SIGTERM');
      await exited;
      const kept = readdirSync(join(temp.path, 'casedesk', 'compiled'), { recursive: true });
      expect(kept.length).toBeGreaterThan(10);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      temp.remove();
    }
  }, 60_000);

  it('refuses an unknown option with a clear message', async () => {
    const child = spawn(process.execPath, ['out/main/browser-host.js', '--bogus'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));
    expect(code).toBe(1);
    expect(stderr).toMatch(/Unknown option --bogus/);
  });
});
