// A customer's timeline: creation, updates, KYC level changes, screenings, alerts, documents,
// conversations, EDD and risk changes — newest first, as the timeline endpoint lists them.
// EventType values: customer.created, customer.updated, customer.disabled, kyc_level.changed,
// customer.screened, alert.created, alert.updated, document.uploaded, thread.created,
// edd.started, edd.completed, risk.changed.
import type { CustomerEvent, EddRevision } from '../../model';
import { ALERT_STATES } from '../../model';
import { MEMBER_COUNT, SYSTEM_AGENT } from '../agents';
import { isoSeconds, MINUTE } from '../dates';
import { uuidFor } from '../rng';
import type { TenantContext } from '../tenant-context';
import type { CustomerFacts } from './customer-facts';
import type { RiskRating } from './customer-detail';

const MAX_EVENTS = 60;
const UPDATES = [
  'Address changed',
  'Phone number updated',
  'Name variation added',
  'E-mail contact added',
  'Review groups changed',
  'Custom field "occupation" updated',
];

interface Draft {
  ms: number;
  type: string;
  title: string;
  description: string;
  agent: number;
  parent: string;
  url: string;
}

export function customerEvents(
  ctx: TenantContext,
  facts: CustomerFacts,
  risk: RiskRating,
  edd: EddRevision,
): CustomerEvent[] {
  const rng = ctx.root.fork(`events:${facts.record.external_id}`);
  const record = facts.record;
  const base = `/customers/${encodeURIComponent(record.external_id)}`;
  const drafts: Draft[] = [
    {
      ms: facts.createdMs,
      type: 'customer.created',
      title: 'Customer created',
      description: `Created with KYC level ${Math.max(1, record.kyc_level - 1)}.`,
      agent: record.created_by,
      parent: '',
      url: base,
    },
    {
      ms: facts.createdMs + MINUTE,
      type: 'customer.screened',
      title: 'Onboarding screening',
      description: `Screened against the watchlist: ${facts.alerts.filter(({ alert }) => Date.parse(alert.created_at) < facts.createdMs + 30 * MINUTE).length} potential matches.`,
      agent: SYSTEM_AGENT,
      parent: '',
      url: base,
    },
  ];
  const span = ctx.nowMs - facts.createdMs;
  for (let revision = 2; revision <= facts.revisions; revision++) {
    const ms =
      facts.createdMs + (span * (revision - 1)) / facts.revisions + rng.int(0, 3600) * 1000;
    const kyc = revision === facts.revisions && record.kyc_level > 1;
    drafts.push(
      kyc
        ? {
            ms,
            type: 'kyc_level.changed',
            title: 'KYC level changed',
            description: `KYC level changed from ${record.kyc_level - 1} to ${record.kyc_level}.`,
            agent: rng.int(1, MEMBER_COUNT),
            parent: '',
            url: base,
          }
        : {
            ms,
            type: 'customer.updated',
            title: 'Customer updated',
            description: `${rng.pick(UPDATES)} (revision ${revision}).`,
            agent: rng.chance(0.4) ? SYSTEM_AGENT : rng.int(1, MEMBER_COUNT),
            parent: '',
            url: base,
          },
    );
  }
  for (const { alert, revisions } of facts.alerts) {
    const url = `/alerts/${alert.id}`;
    drafts.push({
      ms: Date.parse(alert.created_at),
      type: 'alert.created',
      title: `Alert raised (${alert.last_revision.top_category})`,
      description: `Watchlist profile ${alert.profile_number}, score ${revisions[0]?.score ?? alert.last_revision.score}.`,
      agent: SYSTEM_AGENT,
      parent: alert.id,
      url,
    });
    // The timeline shows where each alert ended up; its full history is on the alert itself.
    for (const revision of revisions.length > 1 ? revisions.slice(-1) : []) {
      drafts.push({
        ms: Date.parse(revision.created_at),
        type: 'alert.updated',
        title: `Alert ${ALERT_STATES[revision.state as keyof typeof ALERT_STATES] ?? revision.state}`,
        description: revision.comment,
        agent: Number(revision.agent_id) || SYSTEM_AGENT,
        parent: alert.id,
        url,
      });
    }
  }
  for (const { document } of facts.documents) {
    drafts.push({
      ms: document.created_at * 1000,
      type: 'document.uploaded',
      title: 'Document uploaded',
      description: `${document.display_name} (${document.file_name}).`,
      agent: document.last_revision_agent_id,
      parent: document.id,
      url: `${base}/documents/${document.id}`,
    });
  }
  for (const { thread } of facts.threads) {
    drafts.push({
      ms: Date.parse(thread.created_at),
      type: 'thread.created',
      title: 'Conversation started',
      description: thread.last_message.subject.replace(/^[^:]*:\s*/, ''),
      agent: thread.last_message.agent_id,
      parent: thread.id,
      url: `/threads/${thread.id}`,
    });
  }
  if (edd.edd_state.code !== 'not_required') {
    drafts.push({
      ms: Date.parse(edd.created_at) - 7 * 24 * 60 * MINUTE,
      type: 'edd.started',
      title: 'Enhanced due diligence started',
      description: risk.reasons.join('; '),
      agent: edd.agent_id,
      parent: String(edd.id),
      url: `${base}/edd`,
    });
    if (edd.edd_state.code === 'completed')
      drafts.push({
        ms: Date.parse(edd.created_at),
        type: 'edd.completed',
        title: 'Enhanced due diligence completed',
        description: edd.comment,
        agent: edd.agent_id,
        parent: String(edd.id),
        url: `${base}/edd`,
      });
  }
  if (risk.level === 'high' || risk.level === 'critical') {
    drafts.push({
      ms: facts.createdMs + rng.float(0.05, 0.5) * span,
      type: 'risk.changed',
      title: `Risk level set to ${risk.level}`,
      description: risk.reasons.join('; '),
      agent: SYSTEM_AGENT,
      parent: '',
      url: base,
    });
  }
  if (record.disabled) {
    drafts.push({
      ms: ctx.nowMs - rng.float(0.02, 0.3) * span,
      type: 'customer.disabled',
      title: 'Customer disabled',
      description: 'Business relationship ended.',
      agent: rng.int(1, MEMBER_COUNT),
      parent: '',
      url: base,
    });
  }
  return drafts
    .filter((draft) => draft.ms >= facts.createdMs && draft.ms <= ctx.nowMs)
    .sort((a, b) => b.ms - a.ms || a.type.localeCompare(b.type))
    .slice(0, MAX_EVENTS)
    .map((draft, k): CustomerEvent => ({
      AgentID: draft.agent,
      ClientID: ctx.clientId,
      CreatedAt: isoSeconds(draft.ms),
      CustomerExternalID: record.external_id,
      Description: draft.description,
      EventType: draft.type,
      ID: uuidFor(
        `${ctx.seed}:event:${record.external_id}:${draft.type}:${draft.parent}:${draft.ms}:${k}`,
      ),
      ParentID: draft.parent,
      Title: draft.title,
      Url: draft.url,
    }));
}
