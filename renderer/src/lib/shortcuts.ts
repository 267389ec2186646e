import { useEffect, useLayoutEffect, useRef } from 'react';
import { create } from 'zustand';

/**
 * Keyboard shortcuts. A key is written as the user types it: `j`, `Enter`, `ArrowDown`, `?`,
 * `Mod+k` (Ctrl, or Cmd on macOS), `Alt+ArrowLeft`, or a two-key sequence `g q`.
 */
export interface Shortcut {
  keys: string;
  description: string;
  /** Heading in the shortcut sheet. */
  group: string;
  run: (event: KeyboardEvent) => void;
  /** Also fire while typing in a field (for Escape and Mod+ chords). */
  inFields?: boolean;
  /** Listed in the sheet (default) or working silently (an alias such as ArrowDown for j). */
  hidden?: boolean;
}

interface Registration {
  id: number;
  shortcuts: Shortcut[];
}

interface ShortcutRegistry {
  registrations: Registration[];
  sheetOpen: boolean;
  setSheetOpen: (open: boolean) => void;
}

export const useShortcutRegistry = create<ShortcutRegistry>((set) => ({
  registrations: [],
  sheetOpen: false,
  setSheetOpen: (sheetOpen) => set({ sheetOpen }),
}));

let nextId = 1;

/**
 * Registers shortcuts while the calling component is mounted. Later registrations (the screen,
 * then a dialog) take precedence over earlier ones (the frame) for the same key.
 */
export function useShortcuts(shortcuts: Shortcut[], enabled = true): void {
  const latest = useRef(shortcuts);
  useLayoutEffect(() => {
    latest.current = shortcuts;
  });
  const signature = shortcuts
    .map((shortcut) => `${shortcut.keys}:${shortcut.description}`)
    .join('|');
  useEffect(() => {
    if (!enabled) return;
    const id = nextId++;
    // Each call reads the newest handlers, so callers need not memoise them.
    const live = latest.current.map((shortcut, index) => ({
      ...shortcut,
      run: (event: KeyboardEvent) => latest.current[index]?.run(event),
    }));
    useShortcutRegistry.setState((state) => ({
      registrations: [...state.registrations, { id, shortcuts: live }],
    }));
    return () =>
      useShortcutRegistry.setState((state) => ({
        registrations: state.registrations.filter((registration) => registration.id !== id),
      }));
  }, [enabled, signature]);
}

export const isMac = /Mac|iPhone|iPad/.test(navigator.platform);

/** How a key is shown to the user: `Mod+k` reads Ctrl+K here and ⌘K on a Mac. */
export function keyLabel(keys: string): string[] {
  return keys.split(' ').map((chord) =>
    chord
      .split('+')
      .map((part) => {
        if (part === 'Mod') return isMac ? '⌘' : 'Ctrl';
        if (part === 'ArrowDown') return '↓';
        if (part === 'ArrowUp') return '↑';
        if (part === 'ArrowLeft') return '←';
        if (part === 'ArrowRight') return '→';
        if (part === 'Escape') return 'Esc';
        return part.length === 1 ? part.toUpperCase() : part;
      })
      .join(isMac ? '' : '+'),
  );
}

function chordOf(event: KeyboardEvent): string {
  const parts: string[] = [];
  if (event.ctrlKey || event.metaKey) parts.push('Mod');
  if (event.altKey) parts.push('Alt');
  let key = event.key;
  if (key.length === 1) key = key.toLowerCase();
  // Shift is part of printable keys already (`?`, `J`), so it is only named for named keys.
  if (event.shiftKey && key.length > 1) parts.push('Shift');
  parts.push(key === ' ' ? 'Space' : key);
  return parts.join('+');
}

function inField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'].includes(
      target.type,
    );
  }
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

const SEQUENCE_MS = 1200;

/** The one keydown listener behind every shortcut. Returns the stop function. */
export function listenForShortcuts(): () => void {
  let pending: { key: string; at: number } | null = null;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    // A modal dialog owns the keyboard (Escape closes it): nothing behind it may act meanwhile.
    if (document.querySelector('dialog:modal')) return;
    const chord = chordOf(event);
    const typing = inField(event.target);
    const candidates = [chord];
    if (pending && event.timeStamp - pending.at < SEQUENCE_MS)
      candidates.unshift(`${pending.key} ${chord}`);
    const registrations = useShortcutRegistry.getState().registrations;
    for (const keys of candidates) {
      for (let index = registrations.length - 1; index >= 0; index--) {
        const shortcut = registrations[index]?.shortcuts.find((entry) => entry.keys === keys);
        if (!shortcut || (typing && !shortcut.inFields)) continue;
        event.preventDefault();
        pending = null;
        shortcut.run(event);
        return;
      }
    }
    // Remember a possible first key of a sequence (`g` of `g q`).
    const startsSequence = registrations.some((registration) =>
      registration.shortcuts.some((entry) => entry.keys.startsWith(`${chord} `)),
    );
    pending = !typing && startsSequence ? { key: chord, at: event.timeStamp } : null;
  };
  window.addEventListener('keydown', onKeyDown);
  return () => window.removeEventListener('keydown', onKeyDown);
}
