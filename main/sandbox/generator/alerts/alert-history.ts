// An alert's life, revision by revision. The screening engine opens it as 2 New (1 Unknown for a
// few imported from a legacy system). Analysts then move it on:
//   2 → 7 False Positive                      most namesakes, days after creation
//   2 → 3 Pending Information → 7             when they had to ask the customer first
//   2 → 3 → 4 True Hit → 5 Accepted / 6 Rejected   the customers who really are on the list
//   7 → 2 (system, profile updated) → 7       now and then, when the list changes the profile
// Recent alerts are still open; the later steps appear only once enough time has passed.
import type { AlertRevision, CustomerRecord } from '../../model';
import { MEMBER_COUNT, SYSTEM_AGENT } from '../agents';
import { DAY, HOUR, isoSeconds, MINUTE, officeHours, unixSeconds } from '../dates';
import type { GeneratedAlert, ScreeningMatch } from '../index';
import { Rng, uuidFor } from '../rng';
import type { WatchlistProfile } from '../screening/watchlist';
import type { TenantContext } from '../tenant-context';
import {
  afterReopenComment,
  closingTrueHitComment,
  falsePositiveReason,
  LEGACY_COMMENT,
  pendingComment,
  REOPEN_COMMENT,
  trueHitComment,
} from './alert-comments';

export interface AlertSubject {
  record: CustomerRecord;
  createdMs: number;
  revisions: number;
  gender: 'M' | 'F' | null;
  displayName: string;
  trueProfileNumber: string | null;
}

export function alertId(seed: number, externalId: string, profileNumber: string): string {
  return uuidFor(`${seed}:alert:${externalId}:${profileNumber}`);
}

export function revisionId(alert: string, revisionNumber: number): string {
  return uuidFor(`${alert}:revision:${revisionNumber}`);
}

export function customerRevisionId(seed: number, externalId: string, revision: number): string {
  return uuidFor(`${seed}:customer:${externalId}:revision:${revision}`);
}

/** When the alert was raised: at onboarding, or by the nightly rescreening after a profile update. */
function raisedAt(ctx: TenantContext, rng: Rng, subject: AlertSubject, profileMs: number): number {
  // Onboarding screening raises all its alerts in one run, seconds apart.
  if (profileMs <= subject.createdMs) return subject.createdMs + 2 * MINUTE + rng.int(0, 40) * 1000;
  const night = Math.floor(profileMs / DAY) * DAY + DAY + 2 * HOUR + rng.int(0, 90) * MINUTE;
  return Math.min(night, ctx.nowMs - rng.int(5, 60) * MINUTE);
}

interface Step {
  state: number;
  comment: string;
  agent: number;
  delayMs: number;
  scoreShift?: number;
}

function plan(
  rng: Rng,
  ageMs: number,
  match: ScreeningMatch,
  profile: WatchlistProfile,
  subject: AlertSubject,
  analyst: number,
): Step[] {
  const firm = subject.record.account_type.code === 'F';
  const days = (min: number, max: number) => rng.float(min, max) * DAY;
  const isTrue = subject.trueProfileNumber === match.profileNumber;
  const steps: Step[] = [];
  if (isTrue) {
    steps.push({
      state: 3,
      comment: pendingComment(rng, firm),
      agent: analyst,
      delayMs: days(0.3, 3),
    });
    steps.push({ state: 4, comment: trueHitComment(profile), agent: analyst, delayMs: days(2, 9) });
    const accepted = profile.type !== 'SAN' && rng.chance(profile.type.includes('PEP') ? 0.8 : 0.4);
    steps.push({
      state: accepted ? 5 : 6,
      comment: closingTrueHitComment(rng, profile, accepted),
      agent: rng.int(1, MEMBER_COUNT),
      delayMs: days(3, 20),
    });
    return steps;
  }
  const backlog = ageMs < 60 * DAY && rng.chance(0.14);
  if (backlog) return steps;
  if (match.score >= 88 || rng.chance(0.1)) {
    steps.push({
      state: 3,
      comment: pendingComment(rng, firm),
      agent: analyst,
      delayMs: days(0.2, 4),
    });
  }
  steps.push({
    state: 7,
    comment: falsePositiveReason(rng, subject.record, profile, subject.gender),
    agent: analyst,
    delayMs: days(0.1, 12),
  });
  if (rng.chance(0.04)) {
    steps.push({
      state: 2,
      comment: REOPEN_COMMENT,
      agent: SYSTEM_AGENT,
      delayMs: days(20, 300),
      scoreShift: rng.int(-3, 3),
    });
    if (rng.chance(0.7))
      steps.push({
        state: 7,
        comment: afterReopenComment(rng),
        agent: analyst,
        delayMs: days(0.5, 10),
      });
  }
  return steps;
}

export function buildAlert(
  ctx: TenantContext,
  subject: AlertSubject,
  match: ScreeningMatch,
  profile: WatchlistProfile,
): GeneratedAlert {
  const externalId = subject.record.external_id;
  const rng = ctx.root.fork(`alert:${externalId}:${match.profileNumber}`);
  const id = alertId(ctx.seed, externalId, match.profileNumber);
  const profileMs = ctx.nowMs - profile.updatedDaysAgo * DAY - rng.int(0, 86_399) * 1000;
  const createdMs = raisedAt(ctx, rng, subject, profileMs);
  const analyst = rng.int(1, MEMBER_COUNT);
  const legacy = rng.chance(0.012);
  const customerRevision = (ms: number) => {
    const share = (ms - subject.createdMs) / Math.max(1, ctx.nowMs - subject.createdMs);
    return customerRevisionId(
      ctx.seed,
      externalId,
      1 + Math.floor(Math.min(0.999, Math.max(0, share)) * subject.revisions),
    );
  };
  const revisions: AlertRevision[] = [];
  const push = (state: number, comment: string, agent: number, ms: number, score: number) => {
    const number = revisions.length + 1;
    revisions.push({
      id: revisionId(id, number),
      agent_id: String(agent),
      comment,
      created_at: isoSeconds(ms),
      customer_revision_id: customerRevision(ms),
      profile_date: unixSeconds(profileMs),
      revision_number: number,
      score,
      state,
      top_category: match.topCategory,
    });
  };
  push(
    legacy ? 1 : 2,
    legacy ? LEGACY_COMMENT : `Automatic screening: ${match.explanation}`,
    SYSTEM_AGENT,
    createdMs,
    match.score,
  );
  let at = createdMs;
  let score = match.score;
  for (const step of plan(rng, ctx.nowMs - createdMs, match, profile, subject, analyst)) {
    const next =
      step.agent === SYSTEM_AGENT ? at + step.delayMs : officeHours(at + step.delayMs, rng);
    if (next >= ctx.nowMs) break;
    at = next;
    score = Math.max(0, Math.min(100, score + (step.scoreShift ?? 0)));
    push(step.state, step.comment, step.agent, at, score);
  }
  const last = revisions[revisions.length - 1] ?? revisions[0];
  if (!last) throw new Error('an alert has at least one revision');
  const open = last.state <= 4;
  const assigned = open
    ? rng.chance(0.55)
      ? analyst
      : null
    : rng.chance(0.7)
      ? Number(last.agent_id) || analyst
      : null;
  return {
    kind: 'alert',
    alert: {
      id,
      created_at: isoSeconds(createdMs),
      customer_external_id: externalId,
      profile_number: match.profileNumber,
      last_revision: last,
    },
    revisions,
    assignedToMemberId: assigned,
    reviewGroups: subject.record.review_groups.slice(),
    customerName: subject.displayName,
    sanctionListId: match.sanctionListId,
    sanctionListName: match.sanctionListName,
  };
}

/** Alerts of one customer from its screening matches, oldest first. */
export function buildAlerts(
  ctx: TenantContext,
  subject: AlertSubject,
  matches: readonly ScreeningMatch[],
): GeneratedAlert[] {
  const alerts: GeneratedAlert[] = [];
  for (const match of matches) {
    const position = ctx.watchlist.byNumber.get(match.profileNumber);
    const profile = position === undefined ? undefined : ctx.watchlist.profiles[position];
    if (profile) alerts.push(buildAlert(ctx, subject, match, profile));
  }
  return alerts.sort(
    (a, b) =>
      a.alert.created_at.localeCompare(b.alert.created_at) || a.alert.id.localeCompare(b.alert.id),
  );
}

/** The stream an alert's later revisions are drawn from. */
export function revisionStream(seed: number, alert: string, revisionNumber: number): Rng {
  return Rng.fromSeed(seed).fork(`advance:alert:${alert}:${revisionNumber}`);
}
