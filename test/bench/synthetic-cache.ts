import type { CacheDb } from '../../main/cache/open-cache';
import type { AlertLike } from '../../main/cache/records';
import { createCacheWriter } from '../../main/cache/repositories';

// A synthetic cache for the benches: alerts, customers and threads as a tenant's look (names,
// review groups, agents, categories, two years of dates), seeded so every run builds the same.

export const GROUPS = [
  'retail',
  'corporate',
  'high-risk',
  'emea',
  'apac',
  'vip',
  'legacy',
  'review-2',
];
export const AGENTS = Array.from({ length: 25 }, (_, index) => `agent-${index + 1}`);
export const CATEGORIES = ['PEP', 'SAN', 'SIP', 'SIE', 'RCA_PEP', 'RCA_SIP', 'RCA_SIE'];
const SYLLABLES = 'an bel cor da el fa gor hal is jan kor lin mar nor ol per ros sal tor ven'.split(
  ' ',
);
export const DAY_MS = 86_400_000;
export const BASE_MS = Date.parse('2024-01-01T00:00:00Z');

// mulberry32: small, seeded, and even in its low bits.
let seed = 4242;
export function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}
export const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
export const word = () =>
  `${pick(SYLLABLES)}${pick(SYLLABLES)}${random() < 0.5 ? pick(SYLLABLES) : ''}`;
export const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function makeAlerts(count: number, customers: number): AlertLike[][] {
  const batches: AlertLike[][] = [];
  for (let from = 0; from < count; from += 1000) {
    const batch: AlertLike[] = [];
    for (let index = from; index < Math.min(from + 1000, count); index += 1) {
      const created = BASE_MS + Math.floor(random() * 2 * 365 * DAY_MS);
      batch.push({
        id: `A${String(index).padStart(8, '0')}`,
        created_at: new Date(created).toISOString(),
        // A few alerts name customers the cache has not fetched yet.
        customer_external_id: `C${Math.floor(random() * customers * 1.05)}`,
        profile_number: String(index),
        last_revision: {
          id: `R${index}`,
          agent_id: random() < 0.35 ? '' : pick(AGENTS),
          comment: Array.from({ length: 6 }, word).join(' '),
          created_at: new Date(created + Math.floor(random() * 60 * DAY_MS)).toISOString(),
          customer_revision_id: `CR${index}`,
          profile_date: created,
          revision_number: 1 + Math.floor(random() * 4),
          score: Math.floor(random() * 101),
          state: 1 + Math.floor(random() * 7),
          top_category: pick(CATEGORIES),
        },
      } as AlertLike);
    }
    batches.push(batch);
  }
  return batches;
}

/** Fills a migrated cache: customers (a few alerts name one not cached), alerts, threads. */
export function fillCache(
  db: CacheDb,
  size: { alerts: number; customers: number; threads: number },
): void {
  db.transaction(() => {
    const insert = db.prepare(
      'INSERT INTO customers (external_id, name, review_groups, raw) VALUES (?, ?, ?, ?)',
    );
    for (let index = 0; index < size.customers; index += 1) {
      const groups =
        random() < 0.3
          ? []
          : [...new Set([pick(GROUPS), ...(random() < 0.3 ? [pick(GROUPS)] : [])])];
      insert.run(
        `C${index}`,
        `${random() < 0.05 ? 'de ' : ''}${capital(word())} ${capital(word())}`,
        groups.length ? `|${groups.join('|')}|` : '',
        '{}',
      );
    }
  })();
  const writer = createCacheWriter(db);
  for (const batch of makeAlerts(size.alerts, size.customers))
    db.transaction(() => writer.putAlerts(batch, 0))();
  db.transaction(() =>
    writer.putThreads(
      Array.from({ length: size.threads }, (_, index) => ({
        id: `T${index}`,
        created_at: new Date(BASE_MS + index * 60_000).toISOString(),
        updated_at: new Date(BASE_MS + index * 90_000).toISOString(),
        contacts: [`${word()}@${word()}.example`],
        tags: [pick(['kyc', 'urgent', 'edd', 'closed'])],
        message_count: 1,
        customers: [],
        last_message: {
          id: `M${index}`,
          subject: `${capital(word())} ${word()} request`,
          content: `<p>${Array.from({ length: 20 }, word).join(' ')}</p>`,
          created_at: new Date(BASE_MS + index * 90_000).toISOString(),
        },
      })),
      0,
    ),
  )();
  db.prepare('DELETE FROM customer_queue').run();
  db.prepare('DELETE FROM customer_queue').run();
}
