import { z } from 'zod';
import { method } from './define';

// The active profile's file settings.

export interface ProfileSettings {
  /** Where downloads are saved; null until the investigator picks one. */
  downloadFolder: string | null;
  /** A folder to offer when none is picked yet (the user's Downloads folder where it exists). */
  suggestedDownloadFolder: string;
  /** Files larger than this are refused before anything is sent. */
  maxUploadMb: number;
}

export const SettingsChange = z
  .object({
    downloadFolder: z.string().min(1).max(4096).nullable().optional(),
    maxUploadMb: z.number().int().min(1).max(10_240).optional(),
  })
  .strict();

export const settingsMethods = {
  get: method<ProfileSettings>()(z.undefined()),
  /** A download folder must exist, be a folder and be writable. */
  save: method<ProfileSettings>()(SettingsChange),
};
