import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import {
  RelationTypeLabel,
  type ProfileSettings,
  type SettingsChange,
} from '../../preload/contract';
import { AppError } from '../lib/app-error';
import { readJsonFile, writeJsonFile } from '../lib/json-file';
import type { Logger } from '../lib/logger';

/** The service states no largest upload; this is CaseDesk's until the investigator sets another. */
export const DEFAULT_MAX_UPLOAD_MB = 100;
export const SETTINGS_FILE = 'settings.json';

const StoredSettings = z.object({
  version: z.literal(1),
  downloadFolder: z.string().min(1).nullable().default(null),
  maxUploadMb: z.number().int().min(1).max(10_240).default(DEFAULT_MAX_UPLOAD_MB),
  // The labels of the interface's relation types (it names the list, not its values). A label
  // that does not read is left out rather than setting the whole file aside.
  relationTypes: z
    .array(z.unknown())
    .default([])
    .transform((items) =>
      items.flatMap((item) => {
        const parsed = RelationTypeLabel.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
});
type StoredSettings = z.infer<typeof StoredSettings>;

const defaults = (): StoredSettings => ({
  version: 1,
  downloadFolder: null,
  maxUploadMb: DEFAULT_MAX_UPLOAD_MB,
  relationTypes: [],
});

export const megabytes = (mb: number): number => mb * 1024 * 1024;

export interface ProfileSettingsStore {
  get(folder: string): Promise<ProfileSettings>;
  save(folder: string, change: z.output<typeof SettingsChange>): Promise<ProfileSettings>;
  /** The profile's relation type labels, by value; empty until the investigator names some. */
  relationTypes(folder: string): Promise<RelationTypeLabel[]>;
  /** Replaces the labels; two labels for one value are refused, saying which. */
  setRelationTypes(
    folder: string,
    types: readonly RelationTypeLabel[],
  ): Promise<RelationTypeLabel[]>;
}

/** Labels sorted by value, each value once; a clear refusal naming a value labelled twice. */
export function checkRelationTypes(types: readonly RelationTypeLabel[]): RelationTypeLabel[] {
  const seen = new Map<number, number>();
  const fields: Record<string, string> = {};
  types.forEach((type, index) => {
    const first = seen.get(type.value);
    if (first === undefined) seen.set(type.value, index);
    else
      fields[`types.${index}.value`] =
        `Type ${type.value} already has a label (row ${first + 1}): give each type one label.`;
  });
  const [problem] = Object.values(fields);
  if (problem) throw new AppError('invalid_input', problem, fields);
  return [...types]
    .map((type) => ({ value: type.value, label: type.label.trim() }))
    .sort((a, b) => a.value - b.value);
}

/** The user's Downloads folder where it exists, else the home folder. */
async function suggestedFolder(home: string): Promise<string> {
  const downloads = join(home, 'Downloads');
  const info = await stat(downloads).catch(() => null);
  return info?.isDirectory() ? downloads : home;
}

/** A folder downloads can go to: absolute, existing, a folder, writable; a clear message otherwise. */
export async function checkDownloadFolder(folder: string): Promise<string> {
  if (!isAbsolute(folder))
    throw new AppError('invalid_input', 'Give the full path of the folder.', {
      downloadFolder: 'Give the full path of the folder, e.g. /home/you/Downloads.',
    });
  const path = resolve(folder);
  const info = await stat(path).catch(() => null);
  if (!info)
    throw new AppError('invalid_input', `There is no folder at ${path}.`, {
      downloadFolder: 'This folder does not exist.',
    });
  if (!info.isDirectory())
    throw new AppError('invalid_input', `${path} is a file, not a folder.`, {
      downloadFolder: 'This is a file, not a folder.',
    });
  try {
    await access(path, constants.W_OK);
  } catch {
    throw new AppError('invalid_input', `CaseDesk may not write into ${path}.`, {
      downloadFolder: 'CaseDesk may not write into this folder.',
    });
  }
  return path;
}

/**
 * Per-profile file settings in `settings.json` in the profile's folder: where downloads go (kept
 * once picked) and the largest file an upload may be. One change at a time per file.
 */
export function createProfileSettings(deps: {
  logger: Logger;
  home?: string;
}): ProfileSettingsStore {
  const home = deps.home ?? homedir();
  const queues = new Map<string, Promise<unknown>>();
  const read = (folder: string) =>
    readJsonFile(join(folder, SETTINGS_FILE), StoredSettings, defaults, deps.logger);
  const view = async (stored: StoredSettings): Promise<ProfileSettings> => ({
    downloadFolder: stored.downloadFolder,
    suggestedDownloadFolder: await suggestedFolder(home),
    maxUploadMb: stored.maxUploadMb,
  });

  /** One change at a time per file: each reads what the one before it wrote. */
  const serialized = <T>(folder: string, change: () => Promise<T>): Promise<T> => {
    const previous = queues.get(folder) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(change);
    queues.set(folder, next);
    return next;
  };

  return {
    get: async (folder) => view(await read(folder)),
    relationTypes: async (folder) => (await read(folder)).relationTypes,
    async setRelationTypes(folder, types) {
      const checked = checkRelationTypes(types);
      return serialized(folder, async () => {
        const stored = await read(folder);
        await writeJsonFile(join(folder, SETTINGS_FILE), { ...stored, relationTypes: checked });
        return checked;
      });
    },
    save(folder, change) {
      const previous = queues.get(folder) ?? Promise.resolve();
      const next = previous
        .catch(() => undefined)
        .then(async () => {
          const stored = await read(folder);
          const downloadFolder =
            change.downloadFolder === undefined
              ? stored.downloadFolder
              : change.downloadFolder === null
                ? null
                : await checkDownloadFolder(change.downloadFolder);
          const updated: StoredSettings = {
            ...stored,
            downloadFolder,
            maxUploadMb: change.maxUploadMb ?? stored.maxUploadMb,
          };
          await writeJsonFile(join(folder, SETTINGS_FILE), updated);
          return view(updated);
        });
      queues.set(folder, next);
      return next;
    },
  };
}
