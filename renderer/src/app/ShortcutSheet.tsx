import { Button } from '../components/Button';
import { useModalDialog } from '../components/use-modal-dialog';
import { keyLabel, useShortcutRegistry, type Shortcut } from '../lib/shortcuts';

/** Every shortcut that works right now, grouped as the screens registered them (`?`). */
export function ShortcutSheet() {
  const open = useShortcutRegistry((state) => state.sheetOpen);
  const setOpen = useShortcutRegistry((state) => state.setSheetOpen);
  const registrations = useShortcutRegistry((state) => state.registrations);
  const ref = useModalDialog(open);

  // The newest registration wins a key, so list each key once, as it would act now.
  const seen = new Set<string>();
  const groups = new Map<string, Shortcut[]>();
  for (const registration of [...registrations].reverse()) {
    for (const shortcut of registration.shortcuts) {
      if (shortcut.hidden || seen.has(shortcut.keys)) continue;
      seen.add(shortcut.keys);
      groups.set(shortcut.group, [...(groups.get(shortcut.group) ?? []), shortcut]);
    }
  }

  return (
    <dialog
      ref={ref}
      className="dialog shortcut-sheet"
      aria-labelledby="shortcut-sheet-title"
      data-testid="shortcut-sheet"
      onClose={() => setOpen(false)}
    >
      <div className="shortcut-sheet-head">
        <h2 id="shortcut-sheet-title" className="dialog-title">
          Keyboard shortcuts
        </h2>
        {/* The name holds the key the button shows, so it can be called by what is seen. */}
        <Button variant="ghost" onClick={() => setOpen(false)} aria-label="Close, Esc">
          Esc
        </Button>
      </div>
      <div className="shortcut-groups">
        {[...groups.entries()].reverse().map(([group, shortcuts]) => (
          <section key={group} className="shortcut-group">
            <h3 className="shortcut-group-title">{group}</h3>
            <dl className="shortcut-list">
              {shortcuts.map((shortcut) => (
                <div key={shortcut.keys} className="shortcut-row">
                  <dt>{shortcut.description}</dt>
                  <dd>
                    {keyLabel(shortcut.keys).map((label, index) => (
                      <kbd key={index}>{label}</kbd>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </dialog>
  );
}
