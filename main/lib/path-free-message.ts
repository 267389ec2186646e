import { basename } from 'node:path';

// Messages shown in the window name files as the investigator knows them: a script in the window
// must learn no folder names from an error (the home folder, CaseDesk's data folder, its copies).

/** An error's message, with the paths a system error names (`path`, `dest`) cut to their last part. */
export function messageWithoutFolders(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { path, dest } = error as Error & { path?: unknown; dest?: unknown };
  let message = error.message;
  for (const named of [path, dest])
    if (typeof named === 'string' && named) message = message.split(named).join(basename(named));
  return message;
}

/**
 * `text` with each of `folders` (and anything under it) replaced by "…": the last guard before a
 * message leaves main. Longer folders first, so the data folder inside the home folder goes whole.
 */
export function hideFolders(text: string, folders: readonly string[]): string {
  const sorted = [...new Set(folders.map((folder) => folder.replace(/[\\/]+$/, '')))]
    .filter((folder) => folder.length > 1)
    .sort((a, b) => b.length - a.length);
  let hidden = text;
  for (const folder of sorted) hidden = hidden.split(folder).join('…');
  return hidden;
}
