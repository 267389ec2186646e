import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

// The built sandbox (`out/main/sandbox.js`) in a process of its own, as the benches that talk to
// the service over HTTP start it: a stand-in for the remote service, apart from CaseDesk's own
// processes.

const ROOT = resolve(import.meta.dirname, '..', '..');

export interface SandboxProcess {
  /** The service's base URL, without a trailing slash. */
  baseUrl: string;
  stop(): void;
}

export async function startSandboxProcess(options: {
  dataDir: string;
  token: string;
  scale?: string;
  seed?: number;
  /** Start from an empty tenant even when the data directory holds one. */
  reset?: boolean;
  /**
   * Run at the lowest CPU priority. On an investigator's machine the service's work is done
   * elsewhere; on a bench machine of two cores, a sandbox at the same priority takes CPU time
   * from the window being measured, which no investigator's window ever gives it.
   */
  background?: boolean;
  /** Its log left out of the bench's output. */
  quiet?: boolean;
}): Promise<SandboxProcess> {
  const sandbox = [
    'out/main/sandbox.js',
    '--scale',
    options.scale ?? 'small',
    '--seed',
    String(options.seed ?? 3),
    '--token',
    options.token,
    '--data-dir',
    options.dataDir,
    ...(options.reset ? ['--reset'] : []),
  ];
  // Through nice(1), so every thread of the sandbox starts at that priority (setpriority on a
  // running Node reaches only its main thread).
  const [command, args] = options.background
    ? ['nice', ['-n', '19', process.execPath, ...sandbox]]
    : [process.execPath, sandbox];
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', options.quiet ? 'ignore' : 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`the sandbox stopped (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ready at (\S+)/.exec(out);
      if (match?.[1]) resolveUrl(match[1].replace(/\/$/, ''));
    });
  });
  return { baseUrl, stop: () => child.kill() };
}

/**
 * Fresh sandboxes of one tenant, each in its own process and started from empty under `dir`, as a
 * bench gives CaseDesk and its bare baseline one each; stopped together.
 */
export function freshSandboxes(dir: string, token: string) {
  const started: SandboxProcess[] = [];
  return {
    /** A fresh sandbox in `dir/name`: its base URL. */
    async start(name: string): Promise<string> {
      const sandbox = await startSandboxProcess({ dataDir: join(dir, name), token, reset: true });
      started.push(sandbox);
      return sandbox.baseUrl;
    },
    stopAll(): void {
      for (const sandbox of started) sandbox.stop();
    },
  };
}
