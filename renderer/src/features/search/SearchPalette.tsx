import { useNavigation } from '../../lib/navigation';
import { keyLabel, useShortcuts } from '../../lib/shortcuts';
import { useModalDialog } from '../../components/use-modal-dialog';
import { closeSearch, openSearch, useSearchPalette } from './store';
import { SearchResults } from './SearchResults';
import './search.css';

/**
 * The global search: a modal over any screen (Ctrl/Cmd+K) that finds customers, alerts, threads,
 * messages and documents in the offline cache as the user types, and opens one with Enter.
 */
export function SearchPalette() {
  const open = useSearchPalette((state) => state.open);
  const returnFocus = useSearchPalette((state) => state.returnFocus);
  const navigate = useNavigation((state) => state.navigate);
  const dialog = useModalDialog(open, {
    onShown: (element) => element.querySelector('input')?.focus(),
    // Focus moves only now: while the modal was open, nothing behind it could take focus.
    onClosed: () => {
      if (returnFocus?.isConnected) returnFocus.focus();
      else if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    },
  });

  useShortcuts([
    {
      keys: 'Mod+k',
      description: 'Search the offline cache',
      group: 'General',
      inFields: true,
      run: openSearch,
    },
  ]);

  return (
    <dialog
      ref={dialog}
      className="search-palette"
      aria-label="Search the offline cache"
      aria-modal="true"
      data-testid="search-palette"
      onCancel={(event) => {
        event.preventDefault();
        closeSearch({ restoreFocus: true });
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself, outside its panel.
        if (event.target === event.currentTarget) closeSearch({ restoreFocus: true });
      }}
    >
      {open && (
        <SearchResults
          shortcut={keyLabel('Mod+k')[0] ?? ''}
          onOpen={(route) => {
            closeSearch({ restoreFocus: false });
            navigate(route);
          }}
          onClose={() => closeSearch({ restoreFocus: true })}
        />
      )}
    </dialog>
  );
}
