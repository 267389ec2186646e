// Views main sends of a running job (an import, a KYT batch) carry a revision: answers and events
// travel apart (in the browser host, replies to POSTs and one event stream) and can cross, and
// the view with the smaller revision is the older one.

export interface Revised {
  id: string;
  revision: number;
}

/**
 * `shown` with `view` in its place, or added through `order` when it is new; null when the view
 * shown is newer than it (it must not replace it).
 */
export function withView<V extends Revised>(
  shown: readonly V[],
  view: V,
  order: (views: V[]) => V[],
): V[] | null {
  const current = shown.find((entry) => entry.id === view.id);
  if (!current) return order([view, ...shown]);
  if (current.revision > view.revision) return null;
  return shown.map((entry) => (entry.id === view.id ? view : entry));
}

/**
 * What the events brought while a whole list was read. The list answers what was true when main
 * read it; an event received meanwhile with a larger revision is newer and wins. Anything else
 * is the list's, so reading the list again always recovers what main holds.
 */
export function listReading<V extends Revised>() {
  let received: Map<string, V> | null = null;
  return {
    begin(): void {
      received = new Map();
    },
    receive(view: V): void {
      received?.set(view.id, view);
    },
    answered(listed: readonly V[]): V[] {
      const during = received ?? new Map<string, V>();
      received = null;
      const views = new Map(listed.map((view) => [view.id, view]));
      for (const view of during.values()) {
        const fromList = views.get(view.id);
        if (!fromList || view.revision > fromList.revision) views.set(view.id, view);
      }
      return [...views.values()];
    },
  };
}
