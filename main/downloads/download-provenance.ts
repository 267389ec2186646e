import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';

/**
 * The operating system's "downloaded from the internet" mark on a saved file, so that opening it
 * later goes through the same checks as a browser download: Mark of the Web on Windows (SmartScreen,
 * Office Protected View), the quarantine attribute on macOS (Gatekeeper). Linux has no such mark.
 */
export interface ProvenanceDeps {
  platform: NodeJS.Platform;
  writeFile: (path: string, data: string) => Promise<void>;
  execFile: (file: string, args: string[]) => Promise<unknown>;
  now: () => number;
}

const run = promisify(execFile);

const systemDeps: ProvenanceDeps = {
  platform: process.platform,
  writeFile: (path, data) => writeFile(path, data),
  execFile: (file, args) => run(file, args, { timeout: 5_000 }),
  now: () => Date.now(),
};

/** Zone 3 is "Internet": the zone a browser gives a file it downloaded. */
export const ZONE_IDENTIFIER = '[ZoneTransfer]\r\nZoneId=3\r\n';

/** Flags as browsers write them (downloaded, not yet approved), the time in hex seconds, the agent. */
export function quarantineValue(nowMs: number): string {
  return `0081;${Math.floor(nowMs / 1000).toString(16)};CaseDesk;`;
}

/**
 * Marks a saved file as downloaded. Best effort: a file system without alternate data streams
 * (FAT, exFAT, some shares) or extended attributes cannot hold the mark, and the file is still the
 * one the investigator asked for, so a failure leaves it unmarked rather than failing the download.
 * Returns whether the mark was written.
 */
export async function markAsDownloaded(
  path: string,
  deps: ProvenanceDeps = systemDeps,
): Promise<boolean> {
  try {
    if (deps.platform === 'win32') {
      await deps.writeFile(`${path}:Zone.Identifier`, ZONE_IDENTIFIER);
      return true;
    }
    if (deps.platform === 'darwin') {
      // No shell: the path is one argument, and absolute, so it cannot be read as an option.
      await deps.execFile('/usr/bin/xattr', [
        '-w',
        'com.apple.quarantine',
        quarantineValue(deps.now()),
        path,
      ]);
      return true;
    }
    return false;
  } catch {
    return false;
  }
}
