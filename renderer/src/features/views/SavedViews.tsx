import { useState, type FormEvent } from 'react';
import type { SavedView } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { api, errorMessage, fieldErrors, unwrap } from '../../lib/api';
import { useAction } from '../../lib/use-action';
import { useCached } from '../../lib/use-cached';
import { sameQuery, type QueueQuery } from '../queue';

type Busy = 'save' | 'remove';

/** The view the queue shows now: the one the route names if it still matches, else any that does. */
export function activeView(
  views: readonly SavedView[],
  query: QueueQuery,
  viewId: string | undefined,
): SavedView | undefined {
  const matches = (view: SavedView) => sameQuery(view, query);
  return (
    views.find((view) => view.id === viewId && matches(view)) ?? views.find((view) => matches(view))
  );
}

/**
 * Named filter-and-sort pairs kept per profile: one click applies a view, the current one is
 * marked, the current query can be saved under a name (a known name replaces that view).
 */
export function SavedViews({
  query,
  viewId,
  onApply,
  onDialogChange,
}: {
  query: QueueQuery;
  viewId: string | undefined;
  onApply: (view: SavedView) => void;
  /** A dialog or form has the keyboard: the queue's shortcuts pause meanwhile. */
  onDialogChange: (open: boolean) => void;
}) {
  const views = useCached('saved-views', () => unwrap(api.views.list()));
  const list = views.data ?? [];
  const active = activeView(list, query, viewId);
  const action = useAction<Busy>();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<SavedView | null>(null);

  const openNaming = (open: boolean) => {
    setNaming(open);
    setName(open ? (active?.name ?? '') : '');
    onDialogChange(open);
  };
  const openRemoving = (view: SavedView | null) => {
    setRemoving(view);
    onDialogChange(view !== null);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    void action.run('save', async () => {
      const existing = list.find(
        (view) => view.name.trim().toLowerCase() === name.trim().toLowerCase(),
      );
      const saved = await unwrap(
        api.views.save({
          ...(existing ? { id: existing.id } : {}),
          name,
          filter: query.filter,
          sort: query.sort,
        }),
      );
      views.reload();
      openNaming(false);
      onApply(saved);
    });
  };

  const remove = () => {
    const view = removing;
    if (!view) return;
    void action.run('remove', async () => {
      await unwrap(api.views.remove({ id: view.id }));
      views.reload();
      openRemoving(null);
    });
  };

  const failed = action.error !== null && action.busy === null;
  const saveError =
    failed && naming ? (fieldErrors(action.error).name ?? errorMessage(action.error)) : null;
  const removeError = failed && removing ? errorMessage(action.error) : null;
  return (
    <div className="saved-views" data-testid="saved-views">
      {list.length > 0 && (
        <span className="saved-views-label" aria-hidden="true">
          Views
        </span>
      )}
      <ul className="saved-views-list" aria-label="Saved views">
        {list.map((view) => {
          const isActive = view.id === active?.id;
          return (
            <li
              key={view.id}
              className={`saved-view${isActive ? ' is-active' : ''}`}
              data-testid="saved-view"
              data-view-name={view.name}
              data-active={isActive}
            >
              <button
                type="button"
                className="saved-view-apply"
                aria-current={isActive ? 'true' : undefined}
                onClick={() => onApply(view)}
              >
                {view.name}
              </button>
              <button
                type="button"
                className="saved-view-remove"
                aria-label={`Delete view ${view.name}`}
                title="Delete view"
                onClick={() => openRemoving(view)}
              >
                ×
              </button>
            </li>
          );
        })}
        {views.status === 'error' && (
          // A list item cannot itself be an alert (a list holds only items): the message inside is.
          <li className="saved-views-error">
            <span role="alert">{errorMessage(views.error)}</span>{' '}
            <button type="button" className="link-button" onClick={views.reload}>
              Try again
            </button>
          </li>
        )}
      </ul>
      {naming ? (
        <form className="saved-view-form" onSubmit={save} data-testid="save-view-form">
          <label htmlFor="saved-view-name" className="visually-hidden">
            View name
          </label>
          <input
            id="saved-view-name"
            className="filter-input"
            placeholder="View name"
            value={name}
            maxLength={80}
            autoFocus
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              event.preventDefault();
              event.stopPropagation();
              openNaming(false);
            }}
            aria-invalid={saveError ? true : undefined}
            aria-describedby={saveError ? 'saved-view-error' : undefined}
          />
          <Button type="submit" variant="primary" busy={action.busy === 'save'}>
            Save
          </Button>
          <Button variant="ghost" onClick={() => openNaming(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <Button variant="ghost" onClick={() => openNaming(true)} data-testid="save-view">
          + Save view
        </Button>
      )}
      {saveError && (
        <p id="saved-view-error" className="saved-views-error" role="alert">
          {saveError}
        </p>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Delete this view?"
        confirmLabel="Delete view"
        busy={action.busy === 'remove'}
        onConfirm={remove}
        onCancel={() => openRemoving(null)}
      >
        The view “{removing?.name}” will be removed from this profile. The alerts stay as they are.
        {removeError && (
          <div className="saved-views-banner">
            <Banner tone="danger">{removeError}</Banner>
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}
