import * as nodeModule from 'node:module';
import { homedir } from 'node:os';
import { join, posix, win32 } from 'node:path';

type EnableCompileCache = (directory?: string) => { directory?: string; message?: string };

/**
 * The investigator's own cache folder for CaseDesk's compiled code: private to the user, not a
 * shared temporary folder whose files another account could plant.
 */
export function compiledCodeDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  // An unset, empty or relative folder in the environment is not one to write into (XDG's rule).
  const paths = platform === 'win32' ? win32 : posix;
  const given = (value: string | undefined) => (value && paths.isAbsolute(value) ? value : null);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'CaseDesk', 'compiled');
  if (platform === 'win32')
    return join(
      given(env.LOCALAPPDATA) ?? join(homedir(), 'AppData', 'Local'),
      'CaseDesk',
      'Cache',
      'compiled',
    );
  return join(given(env.XDG_CACHE_HOME) ?? join(homedir(), '.cache'), 'casedesk', 'compiled');
}

/**
 * Keeps V8's compiled code of the modules this process loads from now on, and of its worker
 * threads, on disk: the next start loads them without compiling them again. Compiling the host's
 * modules took about 0.1 s of each start, and as much in each worker. Node's module compile cache
 * (enableCompileCache, Node 22.8 and later; feature-detected, and quiet when it cannot be used):
 * NODE_COMPILE_CACHE names another folder, NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
export function keepCompiledCode(): void {
  const enable = (nodeModule as { enableCompileCache?: EnableCompileCache }).enableCompileCache;
  if (typeof enable !== 'function') return;
  const { directory } = enable(process.env.NODE_COMPILE_CACHE || compiledCodeDir());
  // Worker threads start with this process's environment, and so keep theirs there too. Other
  // processes started from here inherit it as well: Chromium ignores it, and a Node program
  // would only keep its compiled code in this user's own folder.
  if (directory) process.env.NODE_COMPILE_CACHE = directory;
}
