import { create } from 'zustand';

interface SearchPaletteState {
  open: boolean;
  /** Bumped when the palette is asked to open while open: its field takes focus again. */
  focusRequest: number;
  /** Where focus goes back to when the palette closes without opening anything. */
  returnFocus: HTMLElement | null;
}

export const useSearchPalette = create<SearchPaletteState>(() => ({
  open: false,
  focusRequest: 0,
  returnFocus: null,
}));

/** Opens the global search (Ctrl/Cmd+K, or the frame's search button). */
export function openSearch(): void {
  const state = useSearchPalette.getState();
  if (state.open) {
    useSearchPalette.setState({ focusRequest: state.focusRequest + 1 });
    return;
  }
  const active = document.activeElement;
  useSearchPalette.setState({
    open: true,
    returnFocus: active instanceof HTMLElement && active !== document.body ? active : null,
  });
}

/**
 * Closes the palette. Focus returns where it was, unless a match is being opened: then the new
 * screen takes focus as any newly opened screen does. (The palette moves focus once its modal
 * dialog has closed; until then the rest of the app cannot take it.)
 */
export function closeSearch({ restoreFocus }: { restoreFocus: boolean }): void {
  const { open, returnFocus } = useSearchPalette.getState();
  if (!open) return;
  useSearchPalette.setState({ open: false, returnFocus: restoreFocus ? returnFocus : null });
}
