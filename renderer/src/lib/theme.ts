import { create } from 'zustand';

export type ThemeChoice = 'system' | 'light' | 'dark';

const KEY = 'casedesk.theme';
const media = window.matchMedia('(prefers-color-scheme: dark)');

function readChoice(): ThemeChoice {
  const stored = window.localStorage.getItem(KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

function apply(choice: ThemeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && media.matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

export const useTheme = create<{ choice: ThemeChoice; setChoice: (choice: ThemeChoice) => void }>(
  (set) => ({
    choice: readChoice(),
    setChoice(choice) {
      window.localStorage.setItem(KEY, choice);
      apply(choice);
      set({ choice });
    },
  }),
);

/** Applies the stored theme now and follows the system while the choice is "system". */
export function initTheme(): void {
  apply(useTheme.getState().choice);
  media.addEventListener('change', () => apply(useTheme.getState().choice));
}
