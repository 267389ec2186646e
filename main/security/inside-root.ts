import { realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/** True when `candidate` is `root` itself or lies beneath it. Both must be absolute. */
export function isInside(root: string, candidate: string): boolean {
  const rel = relative(resolve(root), resolve(candidate));
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Maps a URL path to a file under `root`, or null when it would leave it: encoded traversal,
 * NUL bytes, backslashes, and symbolic links pointing outside are all refused.
 */
export async function resolveInsideRoot(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relativePath = decoded.replace(/^\/+/, '');
  const candidate = resolve(join(root, relativePath));
  if (!isInside(root, candidate)) return null;
  try {
    const real = await realpath(candidate);
    const realRoot = await realpath(root);
    return isInside(realRoot, real) ? real : null;
  } catch {
    return null;
  }
}
