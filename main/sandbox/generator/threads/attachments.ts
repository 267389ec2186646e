// Files attached to messages: what a customer sends for each request, the bank's forms, and the
// occasional dangerous file (disguised executables, macro documents, scripts).
import type { AttachmentMeta } from '../../model';
import { MEMBER_COUNT } from '../agents';
import { isoDate, isoSeconds } from '../dates';
import {
  dangerousFile,
  type DangerousKind,
  type FileContent,
  fileSlug,
  identityScan,
  pdfFile,
  statementCsv,
  wordFile,
} from '../files/samples';
import { type Rng, uuidFor } from '../rng';
import type { Topic } from './mail-text';

export interface AttachmentOwner {
  name: string;
  accountNumber: string;
  customerId: string;
  firm: boolean;
}

function customerFile(rng: Rng, topic: Topic, owner: AttachmentOwner, atMs: number): FileContent {
  const base = fileSlug(owner.name);
  const iso = isoSeconds(atMs);
  switch (topic) {
    case 'kyc-refresh':
    case 'document-expiry':
      if (owner.firm) {
        return pdfFile(
          `register_extract_${base}.pdf`,
          'Extract from the commercial register',
          [
            `Company: ${owner.name}`,
            `Extract date: ${isoDate(atMs)}`,
            'Directors and shareholders as registered.',
          ],
          iso,
        );
      }
      return identityScan(
        rng,
        rng.pick([`passport_${base}`, `ID_scan_${isoDate(atMs)}`, 'IMG_20' + rng.digits(6)]),
        rng.chance(0.5),
      );
    case 'address-change':
      return pdfFile(
        `utility_bill_${base}.pdf`,
        'Utility bill',
        [`Customer: ${owner.name}`, `Date: ${isoDate(atMs)}`, 'New supply address registered.'],
        iso,
      );
    case 'source-of-funds':
    case 'transaction-inquiry':
      return rng.chance(0.5)
        ? statementCsv(rng, `statement_${base}`, owner.accountNumber, atMs)
        : pdfFile(
            `sale_contract_${base}.pdf`,
            'Notarial sale contract',
            [
              `Seller: ${owner.name}`,
              `Price: ${rng.int(150, 900)} 000 EUR`,
              `Signed ${isoDate(atMs)}`,
            ],
            iso,
          );
    case 'edd':
      return pdfFile(
        `EDD_questionnaire_completed_${base}.pdf`,
        'Enhanced due diligence questionnaire',
        [
          `Name: ${owner.name}`,
          'Source of wealth: see enclosed statements',
          'Expected annual turnover: 250k-1m EUR',
          `Date: ${isoDate(atMs)}`,
        ],
        iso,
      );
    case 'ubo':
      return wordFile(
        `shareholder_register_${base}`,
        [`Shareholder register of ${owner.name}`, 'Shareholder A: 60%', 'Shareholder B: 40%'],
        atMs,
      );
    case 'sanctions-query':
      return pdfFile(
        `invoice_${rng.digits(5)}.pdf`,
        'Commercial invoice',
        [
          `Seller: ${owner.name}`,
          `Goods: ${rng.pick(['hydraulic pumps', 'spare parts for textile machines', 'laboratory glassware'])}`,
          `Amount: ${rng.int(5, 250)} 000 EUR`,
        ],
        iso,
      );
    case 'account-closure':
    case 'complaint':
      return pdfFile(
        `letter_${base}.pdf`,
        'Letter',
        [`From: ${owner.name}`, `Date: ${isoDate(atMs)}`, 'Please see my e-mail.'],
        iso,
      );
  }
}

function meta(
  id: string,
  content: FileContent,
  notDangerous: boolean | null,
  movement: AttachmentMeta['attachment_movements'],
): AttachmentMeta {
  return {
    id,
    file_mime: content.mime,
    file_name: content.fileName,
    file_size: content.bytes.length,
    file_type: content.fileType,
    file_not_dangerous: notDangerous,
    attachment_movements: movement,
  };
}

export interface BuiltAttachments {
  metas: AttachmentMeta[];
  bytes: Map<string, Uint8Array>;
}

/**
 * Attachments of one message. `label` makes ids unique (thread, message position). Clean files are
 * mostly verified (true), some not yet (null); dangerous ones mostly flagged (false), some unverified.
 */
export function messageAttachments(
  rng: Rng,
  options: {
    label: string;
    topic: Topic;
    inbound: boolean;
    suspicious: boolean;
    owner: AttachmentOwner;
    atMs: number;
  },
): BuiltAttachments {
  const files: { content: FileContent; dangerous: boolean }[] = [];
  if (options.inbound) {
    if (rng.chance(0.55)) {
      for (let k = rng.int(1, 2); k > 0; k--)
        files.push({
          content: customerFile(rng, options.topic, options.owner, options.atMs),
          dangerous: false,
        });
    }
    if (options.suspicious) {
      const kind = rng.pick<DangerousKind>(['exe', 'docm', 'js', 'scr', 'html', 'exe']);
      files.push({ content: dangerousFile(rng, kind, options.atMs), dangerous: true });
    }
  } else if (options.topic === 'edd' && rng.chance(0.6)) {
    files.push({
      content: pdfFile(
        'EDD_questionnaire.pdf',
        'Enhanced due diligence questionnaire',
        ['1. Source of wealth', '2. Source of funds', '3. Expected activity', '4. Related parties'],
        isoSeconds(options.atMs),
      ),
      dangerous: false,
    });
  }
  const metas: AttachmentMeta[] = [];
  const bytes = new Map<string, Uint8Array>();
  files.forEach(({ content, dangerous }, k) => {
    const id = uuidFor(`${options.label}:attachment:${k}`);
    const verdict = dangerous ? (rng.chance(0.8) ? false : null) : rng.chance(0.75) ? true : null;
    const moved = !dangerous && options.inbound && rng.chance(0.3);
    const movements = moved
      ? [
          {
            agent_id: rng.int(1, MEMBER_COUNT),
            customer_id: options.owner.customerId,
            file_id: uuidFor(`${id}:document`),
          },
        ]
      : [];
    metas.push(meta(id, content, verdict, { movements, total: movements.length }));
    bytes.set(id, content.bytes);
  });
  return { metas, bytes };
}
