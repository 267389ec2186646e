// A customer's documents: the identity, address and wealth evidence of an individual, the corporate
// papers of a firm. Most are stored with their bytes; some are references to files kept elsewhere
// (video identification recordings, large annual reports), whose URL uses the placeholder prefix
// EXTERNAL_FILE_PREFIX that the sandbox server rewrites to its own address.
import type { DocumentRecord } from '../../model';
import { MEMBER_COUNT, memberName } from '../agents';
import { isoDate, unixSeconds } from '../dates';
import { fileSlug } from '../files/samples';
import type { GeneratedDocument } from '../index';
import { uuidFor } from '../rng';
import type { TenantContext } from '../tenant-context';
import { type DocumentOwner, EXTERNAL_KINDS, FIRM_KINDS, PERSON_KINDS } from './document-kinds';

export type { DocumentOwner } from './document-kinds';

export const EXTERNAL_FILE_PREFIX = 'sandbox://external-files/';

const ORIGINS = [
  { code: 'upload', label: 'Uploaded by an agent' },
  { code: 'email', label: 'Moved from an e-mail attachment' },
  { code: 'api', label: 'Uploaded through the API' },
  { code: 'portal', label: 'Sent through the customer portal' },
] as const;

export function buildDocuments(ctx: TenantContext, owner: DocumentOwner): GeneratedDocument[] {
  const rng = ctx.root.fork(`documents:${owner.externalId}`);
  const average = ctx.plan.documentsPerCustomer;
  const count = Math.round(rng.normal(average, Math.max(0.5, average / 2), 0, average * 3));
  const kinds = owner.firm ? FIRM_KINDS : PERSON_KINDS;
  const out: GeneratedDocument[] = [];
  for (let k = 0; k < count; k++) {
    const whenMs = Math.min(
      ctx.nowMs - 60_000,
      owner.createdMs + Math.pow(rng.next(), 1.5) * (ctx.nowMs - owner.createdMs),
    );
    const revisedMs = rng.chance(0.2)
      ? Math.min(ctx.nowMs - 1000, whenMs + rng.int(1, 90) * 86_400_000)
      : whenMs;
    const origin = rng.weighted(ORIGINS.map((o, i) => [o, [50, 20, 20, 10][i] ?? 1] as const));
    const agent =
      origin.code === 'upload' || origin.code === 'email' ? rng.int(1, MEMBER_COUNT) : 0;
    const id = uuidFor(`${ctx.seed}:document:${owner.externalId}:${k}`);
    const base = {
      id,
      customer_external_id: owner.externalId,
      created_at: unixSeconds(whenMs),
      last_revision_id: uuidFor(`${id}:revision:${revisedMs === whenMs ? 1 : 2}`),
      last_revision_agent_id: agent,
      last_revision_created_at: unixSeconds(revisedMs),
      origin: {
        type: { code: origin.code, label: origin.label },
        value:
          origin.code === 'upload'
            ? memberName(agent)
            : origin.code === 'email'
              ? `thread message ${rng.digits(6)}`
              : origin.code === 'api'
                ? 'onboarding-service'
                : owner.externalId,
      },
    };
    if (rng.chance(0.12)) {
      const kind = rng.pick(EXTERNAL_KINDS);
      const name = `${fileSlug(owner.displayName)}_${kind.code}_${isoDate(whenMs)}.${kind.ext}`;
      const document: DocumentRecord = {
        ...base,
        display_name: kind.label,
        file_name: name,
        file_mime: kind.mime,
        file_size: rng.int(kind.min, kind.max),
        file_source: 'external',
        file_type: kind.ext,
        file_url: `${EXTERNAL_FILE_PREFIX}${encodeURIComponent(`${id}_${name}`)}`,
        tags: [...kind.tags],
      };
      out.push({ kind: 'document', document, bytes: null });
      continue;
    }
    const kind = rng.pick(kinds);
    const content = kind.content(rng, owner, `${kind.code}_${fileSlug(owner.displayName)}`, whenMs);
    const document: DocumentRecord = {
      ...base,
      display_name: kind.label(owner, whenMs),
      file_name: content.fileName,
      file_mime: content.mime,
      file_size: content.bytes.length,
      file_source: 'internal',
      file_type: content.fileType,
      file_url: '',
      tags: [...kind.tags],
    };
    out.push({ kind: 'document', document, bytes: content.bytes });
  }
  return out.sort((a, b) => a.document.created_at - b.document.created_at);
}
