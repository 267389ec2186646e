import type { CacheDb } from '../../main/cache/open-cache';

interface ServiceView {
  alerts: Map<string, unknown>;
  threads: Map<string, string>;
}

/** Everything the service holds that sync must mirror: every alert's last revision, every thread's update time. */
export async function readService(baseUrl: string, token: string): Promise<ServiceView> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return (await response.json()) as {
      data: Array<{ id: string; last_revision?: unknown; updated_at?: string }>;
      total: number;
    };
  };
  const alerts = new Map<string, unknown>();
  for (let offset = 0; ; offset += 1000) {
    const page = await post('/api/v1/alerts/search', {
      limit: 1000,
      offset,
      order_by: 'id',
      order_way: 'asc',
    });
    for (const alert of page.data) alerts.set(alert.id, alert.last_revision);
    if (page.data.length < 1000) break;
  }
  const threads = new Map<string, string>();
  for (let page = 1; ; page += 1) {
    const result = await post('/api/v1/thread/search', { on_page: page, per_page: 1000 });
    for (const thread of result.data) threads.set(thread.id, thread.updated_at ?? '');
    if (result.data.length < 1000) break;
  }
  return { alerts, threads };
}

export function readCache(db: CacheDb): ServiceView {
  const alerts = new Map<string, unknown>();
  for (const row of db.prepare('SELECT raw FROM alerts').all() as Array<{ raw: string }>) {
    const alert = JSON.parse(row.raw) as { id: string; last_revision: unknown };
    alerts.set(alert.id, alert.last_revision);
  }
  const threads = new Map<string, string>();
  for (const row of db.prepare('SELECT raw FROM threads').all() as Array<{ raw: string }>) {
    const thread = JSON.parse(row.raw) as { id: string; updated_at: string };
    threads.set(thread.id, thread.updated_at);
  }
  return { alerts, threads };
}

/** Differences between cache and service, in words; empty when they are equal. */
export function differences(cache: ServiceView, service: ServiceView): string[] {
  const problems: string[] = [];
  for (const [name, left, right] of [
    ['alert', cache.alerts, service.alerts],
    ['thread', cache.threads, service.threads],
  ] as const) {
    for (const [id, value] of right) {
      if (!left.has(id)) problems.push(`${name} ${id} missing from the cache`);
      else if (JSON.stringify(left.get(id)) !== JSON.stringify(value))
        problems.push(`${name} ${id} differs`);
    }
    for (const id of left.keys())
      if (!right.has(id)) problems.push(`${name} ${id} is in the cache only`);
  }
  return problems.slice(0, 20);
}
