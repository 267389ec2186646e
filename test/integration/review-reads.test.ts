import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { alertView } from '../../main/cache/alert-view';
import { customer360 } from '../../main/cache/customer-360';
import { openCache, type CacheDb } from '../../main/cache/open-cache';
import { createCacheWriter } from '../../main/cache/repositories';
import { threadFacets, threadPage } from '../../main/cache/thread-queries';
import { threadView } from '../../main/cache/thread-view';
import { silentLogger } from '../../main/lib/logger';
import { createSyncEngine, type SyncEngine } from '../../main/sync/sync-engine';
import { ThreadListInput, type ThreadFilterInput } from '../../preload/contract';
import { fetchSyncSource } from '../support/fetch-sync-source';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-fixture';
import {
  AlertPageShape,
  CustomerDetailShape,
  DocumentPageShape,
  IndicatorShape,
  StatsShape,
  ThreadPageShape,
  TimelineShape,
} from '../support/spec-shapes';
import { makeTempDir } from '../support/temp-dir';

type ServiceAlert = z.infer<typeof AlertPageShape>['data'][number];
type ServiceThread = z.infer<typeof ThreadPageShape>['data'][number];

// The review screens read the cache only. After a sync of a sandbox tenant, what they show of
// records picked through the service's own API must be what the service holds.

describe('review screens over a synced sandbox tenant', () => {
  let t: TestSandbox;
  let db: CacheDb;
  let engine: SyncEngine;
  const temp = makeTempDir('casedesk-review-');

  const service = {
    alerts: async (body: Record<string, unknown>) =>
      AlertPageShape.parse((await t.call('POST', '/api/v1/alerts/search', { body })).json()),
    threads: async (filters: Record<string, unknown>, perPage = 1000) =>
      ThreadPageShape.parse(
        (
          await t.call('POST', '/api/v1/thread/search', {
            body: { filters, on_page: 1, per_page: perPage },
          })
        ).json(),
      ),
    get: async (path: string) => (await t.call('GET', path)).json(),
  };

  beforeAll(async () => {
    t = await startTestSandbox({ scale: 60 });
    const opened = openCache(join(temp.path, 'cache.db'), silentLogger);
    db = opened.db;
    engine = createSyncEngine({
      db,
      writer: createCacheWriter(db),
      source: fetchSyncSource(t.sandbox.baseUrl, t.sandbox.token),
      logger: silentLogger,
    });
    await engine.run({ pageSize: 200 });
  });
  afterAll(async () => {
    db.close();
    await t.close();
    temp.remove();
  });

  const expectAlertLike = (alert: ServiceAlert) => {
    const view = alertView(db, alert.id);
    const revision = alert.last_revision;
    expect(view?.raw).toEqual(alert);
    expect(view?.customerExternalId).toBe(alert.customer_external_id);
    expect(view?.profileNumber).toBe(alert.profile_number);
    expect(view?.last).toMatchObject({
      id: revision.id,
      revisionNumber: revision.revision_number,
      state: revision.state,
      score: revision.score,
      topCategory: revision.top_category.toLowerCase(),
      comment: revision.comment,
      agentId: revision.agent_id,
      customerRevisionId: revision.customer_revision_id,
      profileDate: revision.profile_date,
      createdAt: revision.created_at,
    });
    return view;
  };

  it('shows alerts as the service has them, with their customer and its other alerts', async () => {
    const page = await service.alerts({ limit: 6, order_by: 'score', order_way: 'desc' });
    expect(page.data.length).toBe(6);
    for (const alert of page.data) {
      const view = expectAlertLike(alert);
      const detail = CustomerDetailShape.parse(
        await service.get(`/api/v1/customers/${encodeURIComponent(alert.customer_external_id)}`),
      );
      expect(view?.customer?.fields).toEqual(detail.customer);
      expect(view?.customer?.reviewGroups).toEqual(detail.customer.review_groups);
      const theirs = await service.alerts({
        external_id: alert.customer_external_id,
        limit: 1000,
      });
      const others = theirs.data.filter((other) => other.id !== alert.id);
      expect(view?.otherAlerts.map((row) => row.id).sort()).toEqual(
        others.map((other) => other.id).sort(),
      );
      for (const row of view?.otherAlerts ?? []) {
        const other = others.find((candidate) => candidate.id === row.id);
        expect(row).toMatchObject({
          state: other?.last_revision.state,
          score: other?.last_revision.score,
          agentId: other?.last_revision.agent_id,
        });
      }
    }
    expect(alertView(db, 'no-such-alert')).toBeNull();
  });

  it('keeps the revisions seen before a later sync, and shows what each changed', async () => {
    // Every alert the advance may revise: the open ones.
    const open = await service.alerts({ states: [1, 2, 3], limit: 1000 });
    const before = new Map(open.data.map((alert) => [alert.id, alert.last_revision]));
    const changed = t.sandbox.advance({ revisions: 5 });
    expect(changed.revisions.length).toBeGreaterThan(0);
    await engine.run({ pageSize: 200 });
    for (const id of changed.revisions) {
      const now = (await service.alerts({ id, limit: 1 })).data[0];
      if (!now) throw new Error(`the service lost alert ${id}`);
      const view = expectAlertLike(now);
      const revisions = view?.revisions ?? [];
      expect(revisions.length).toBeGreaterThanOrEqual(2);
      const previous = revisions[revisions.length - 2];
      const seen = before.get(id);
      expect(previous).toMatchObject({ id: seen?.id, state: seen?.state, score: seen?.score });
      expect(view?.last.changes).toContainEqual({
        field: 'Comment',
        before: seen?.comment,
        after: now.last_revision.comment,
      });
      if (seen?.state !== now.last_revision.state)
        expect(view?.last.changes).toContainEqual({
          field: 'State',
          before: String(seen?.state),
          after: String(now.last_revision.state),
        });
    }
  });

  it('shows customers as the service has them: identity, risk, stats, documents, timeline', async () => {
    const page = await service.alerts({ limit: 4, order_by: 'created_at', order_way: 'asc' });
    const ids = [...new Set(page.data.map((alert) => alert.customer_external_id))];
    expect(ids.length).toBeGreaterThan(0);
    for (const externalId of ids) {
      const path = `/api/v1/customers/${encodeURIComponent(externalId)}`;
      const detailJson = await service.get(path);
      const detail = CustomerDetailShape.parse(detailJson);
      const detailFields = z.record(z.string(), z.unknown()).parse(detailJson);
      const stats = StatsShape.parse(await service.get(`${path}/stats`));
      const timeline = TimelineShape.parse(await service.get(`${path}/timeline?limit=1000`));
      const documents = DocumentPageShape.parse(
        (
          await t.call('POST', '/api/v1/customer_documents/search', {
            body: { filters: { customer_external_id: externalId }, limit: 1000, offset: 0 },
          })
        ).json(),
      );
      const view = customer360(db, externalId);
      expect(view?.identity.fields).toEqual(detail.customer);
      expect(view?.identity.nameVariations.length).toBe(detail.customer.name_variations.length);
      expect(view?.risk?.overallRisk).toEqual(detail.overall_risk);
      for (const indicator of view?.risk?.screening ?? [])
        expect(indicator.value).toEqual(IndicatorShape.parse(detailFields[indicator.key]).value);
      expect(view?.risk?.screening.map((indicator) => indicator.key)).toEqual([
        'pep',
        'press_risk',
        'may_be_pep',
        'may_be_san',
        'may_be_press_risk',
      ]);
      expect(view?.risk?.customFields.map((field) => [field.name, field.value])).toEqual(
        detail.custom_fields.map((field) => [field.name, field.value]),
      );
      expect(view?.risk?.edd?.agentName).toBe(detail.edd_status.agent_name);
      expect(view?.stats).toEqual({ alerts: stats.alerts, lastScanDate: stats.last_scan_date });
      expect(view?.timeline.length).toBe(timeline.length);
      expect(view?.timeline.map((entry) => entry.id).sort()).toEqual(
        timeline.map((entry) => entry.ID).sort(),
      );
      expect(view?.documents.map((entry) => [entry.id, entry.fileName, entry.fileSize])).toEqual(
        documents.documents.map((entry) => [entry.id, entry.file_name, entry.file_size]),
      );
      const theirAlerts = await service.alerts({ external_id: externalId, limit: 1000 });
      expect(view?.alerts.map((row) => row.id).sort()).toEqual(
        theirAlerts.data.map((alert) => alert.id).sort(),
      );
    }
    expect(customer360(db, 'no-such-customer')).toBeNull();
  });

  it('shows threads as the service has them, every cached message with its body as received', async () => {
    const everything = await service.threads({});
    expect(everything.total).toBeGreaterThan(10);
    for (const record of everything.data.slice(0, 8)) expectThreadLike(record);
    // Some attachments were never verified and some are flagged: all three verdicts reach the screen.
    const verdicts = new Set(
      everything.data
        .flatMap((record) => {
          const view = threadView(db, record.id);
          return [
            ...(view?.attachments ?? []),
            ...(view?.messages ?? []).flatMap((m) => m.attachments),
          ];
        })
        .map((file) => file.safety),
    );
    expect([...verdicts].sort()).toEqual(['dangerous', 'safe', 'unverified']);
    expect(threadView(db, 'no-such-thread')).toBeNull();
  });

  function expectThreadLike(record: ServiceThread) {
    const view = threadView(db, record.id);
    expect(view?.thread).toMatchObject({
      id: record.id,
      subject: record.last_message.subject,
      status: record.status.code,
      statusLabel: String(record.status.label),
      contacts: record.contacts,
      tags: record.tags,
      reviewGroups: record.review_groups,
      messageCount: record.message_count,
      lastFrom: record.last_message.from,
    });
    expect(view?.thread.customers.map((linked) => linked.externalId).sort()).toEqual(
      record.customers.map((linked) => linked.external_id).sort(),
    );
    const last = view?.messages.find((entry) => entry.id === record.last_message.id);
    expect(last).toMatchObject({
      html: record.last_message.content,
      from: record.last_message.from,
      to: record.last_message.to,
      subject: record.last_message.subject,
      priority: record.last_message.priority,
    });
    expect(last?.attachments.map((file) => [file.id, file.safety])).toEqual(
      record.last_message.attachments.map((file) => [
        file.id,
        file.file_not_dangerous === null
          ? 'unverified'
          : file.file_not_dangerous
            ? 'safe'
            : 'dangerous',
      ]),
    );
    const times = view?.messages.map((entry) => Date.parse(entry.createdAt ?? '')) ?? [];
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(view?.reminder).toEqual({
      delay: record.reminder.delay,
      nextDate: record.reminder.next_date || null,
      numberLeft: record.reminder.number_left,
    });
  }

  it('filters threads as the service does', async () => {
    const everything = (await service.threads({})).data;
    const sample = everything[3];
    const byCreated = everything.map((record) => record.created_at).sort();
    const byUpdated = everything.map((record) => record.updated_at).sort();
    const third = Math.floor(everything.length / 3);
    const from = byCreated[third];
    const to = byUpdated[2 * third];
    if (!sample || !from || !to) throw new Error('the tenant has too few threads');
    const day = (iso: string) => iso.slice(0, 10);
    const cases: Array<[ThreadFilterInput, Record<string, unknown>]> = [
      [{}, {}],
      [{ status: 1 }, { status: 1 }],
      [{ status: 3 }, { status: 3 }],
      [{ tags: sample.tags.slice(0, 1) }, { tag_codes: sample.tags.slice(0, 1) }],
      [
        { reviewGroups: sample.review_groups.slice(0, 2) },
        { review_groups: sample.review_groups.slice(0, 2) },
      ],
      [{ contact: sample.contacts[0] ?? '' }, { contact: sample.contacts[0] }],
      [
        { customer: sample.customers[0]?.external_id ?? '' },
        { customer_id: sample.customers[0]?.external_id },
      ],
      [
        { createdFrom: day(from), updatedTo: day(to) },
        {
          min_created_at: `${day(from)}T00:00:00Z`,
          max_updated_at: `${day(to)}T23:59:59.999Z`,
        },
      ],
    ];
    for (const [filter, filters] of cases) {
      const theirs = await service.threads(filters);
      const ours = threadPage(db, ThreadListInput.parse({ filter, limit: 500 }));
      expect(ours.total, JSON.stringify(filter)).toBe(theirs.total);
      expect(
        ours.rows.map((row) => row.id),
        JSON.stringify(filter),
      ).toEqual(theirs.data.map((record) => record.id));
    }
    const facets = threadFacets(db);
    expect(facets.statuses).toEqual(
      [
        ...new Map(
          everything.map((record): [number, string] => [
            Number(record.status.code),
            String(record.status.label),
          ]),
        ).entries(),
      ]
        .sort(([a], [b]) => a - b)
        .map(([code, label]) => ({ code, label })),
    );
    expect(facets.tags).toEqual(
      [...new Set(everything.flatMap((record) => record.tags))].sort((a, b) => a.localeCompare(b)),
    );
  });
});
