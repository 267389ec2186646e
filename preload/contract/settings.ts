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

/** The app's colours: the system's, or light or dark whatever the system says. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** App-wide settings of how CaseDesk looks, kept by main across restarts. */
export interface Appearance {
  theme: ThemeChoice;
}

export const AppearanceChange = z.object({ theme: z.enum(THEME_CHOICES) }).strict();

export const settingsMethods = {
  get: method<ProfileSettings>()(z.undefined()),
  /** A download folder must exist, be a folder and be writable. */
  save: method<ProfileSettings>()(SettingsChange),
  /** Needs no profile: read before the first screen is drawn. */
  appearance: method<Appearance>()(z.undefined()),
  saveAppearance: method<Appearance>()(AppearanceChange),
};
