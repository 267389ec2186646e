import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export interface HostProcess {
  url: string;
  origin: string;
  stdout: () => string;
  /** What the host logged (its logger writes to stderr): attached to a failed test's report. */
  stderr: () => string;
  stop(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * Starts the built browser host (`out/main/browser-host.js`) on a random port and waits for the
 * one line it prints when it serves.
 */
export async function startHostProcess(options: {
  dataDir: string;
  extraArgs?: string[];
}): Promise<HostProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      'out/main/browser-host.js',
      '--no-open',
      '--data-dir',
      options.dataDir,
      ...(options.extraArgs ?? []),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const url = await new Promise<string>((resolveUrl, rejectUrl) => {
    const timer = setTimeout(
      () => rejectUrl(new Error(`browser host did not start:\n${err}`)),
      20_000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^CaseDesk ready at (\S+)$/m.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      rejectUrl(new Error(`browser host exited with ${code}:\n${err}`));
    });
  });
  return {
    url,
    origin: new URL(url).origin,
    stdout: () => out,
    stderr: () => err,
    stop: () =>
      new Promise<void>((resolveStop) => {
        if (child.exitCode !== null) return resolveStop();
        child.once('exit', () => resolveStop());
        child.kill('SIGTERM');
      }),
  };
}
