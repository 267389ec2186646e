import { create } from 'zustand';
import type { ThemeChoice } from '../../../preload/contract';
import { api, unwrap } from './api';

export type { ThemeChoice };

// The renderer's storage is a first guess only, for a first paint in the right colours: the
// browser host's origin (and its storage) changes on every start. Main keeps the choice.
const KEY = 'casedesk.theme';
const media = window.matchMedia('(prefers-color-scheme: dark)');

const isChoice = (value: unknown): value is ThemeChoice =>
  value === 'system' || value === 'light' || value === 'dark';

function readGuess(): ThemeChoice {
  const stored = window.localStorage.getItem(KEY);
  return isChoice(stored) ? stored : 'system';
}

function apply(choice: ThemeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && media.matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

function adopt(choice: ThemeChoice): void {
  window.localStorage.setItem(KEY, choice);
  apply(choice);
  useTheme.setState({ choice });
}

export const useTheme = create<{ choice: ThemeChoice; setChoice: (choice: ThemeChoice) => void }>(
  () => ({
    choice: readGuess(),
    setChoice(choice) {
      adopt(choice);
      // Kept by main for the next start; the choice applies now whether or not that succeeds.
      void unwrap(api.settings.saveAppearance({ theme: choice })).catch(() => undefined);
    },
  }),
);

/**
 * Applies the theme before the first screen is drawn: the stored guess at once, then the choice
 * main keeps (the caller waits for this before rendering). Follows the system while "system".
 */
export async function initTheme(): Promise<void> {
  apply(useTheme.getState().choice);
  media.addEventListener('change', () => apply(useTheme.getState().choice));
  try {
    const { theme } = await unwrap(api.settings.appearance());
    adopt(theme);
  } catch {
    // Main could not say: the guess stands.
  }
}
