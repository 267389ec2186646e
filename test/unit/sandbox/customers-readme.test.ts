import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CUSTOM_FIELD_NAMES, RELATION_TYPES } from '../../../main/sandbox/generator';
import { MAX_LINES_PER_SAVE } from '../../../main/sandbox/ops/customer-input';
import { RISK_SCAN_THRESHOLD } from '../../../main/sandbox/ops/customers';
import { checkSave, MAX_EXTERNAL_ID_LENGTH } from '../../../main/sandbox/ops/save-lines';
import type { CustomerRecord } from '../../../main/sandbox/model';

// Client authors read the sandbox README to know what a customer save checks; it must say what the code does.
const README = readFileSync(join(__dirname, '../../../main/sandbox/README.md'), 'utf8');
const flat = (text: string) => text.replace(/\s+/g, ' ');
const SAVES = flat(README.slice(README.indexOf('## Customer saves'), README.indexOf('## Fault injection'))); // prettier-ignore
const CHOICES = flat(README.slice(0, README.indexOf('## The tenant')));

describe('the sandbox README on customer saves', () => {
  it('lists exactly the relation types', () => {
    const rows = [...SAVES.matchAll(/\| (\d+) \| ([^|]+?) \|/g)].map((row) => [row[1], row[2]]);
    expect(rows).toEqual(Object.entries(RELATION_TYPES));
  });

  it('lists exactly the custom fields, in order', () => {
    const listed = /for customers and relations alike: ([^.]+)\./.exec(SAVES)?.[1] ?? '';
    expect(listed.split(', ').map((name) => name.replace(/`/g, ''))).toEqual(CUSTOM_FIELD_NAMES);
  });

  it('gives the batch size that forces disable_risk_scan, the line limit and the id length', () => {
    expect(CHOICES).toContain(`Above ${RISK_SCAN_THRESHOLD} customers + relations in one request`);
    expect(SAVES).toContain(`forced above ${RISK_SCAN_THRESHOLD} lines`);
    expect(CHOICES).toContain(
      `up to ${MAX_LINES_PER_SAVE} customers and ${MAX_LINES_PER_SAVE} relations per save`,
    );
    expect(SAVES).toContain(`an id longer than ${MAX_EXTERNAL_ID_LENGTH} characters`);
  });

  it('names every code a save can give', () => {
    const stored = (externalId: string) =>
      externalId === 'T'
        ? ({ external_id: 'T', account_type: { code: 'N', label: '' }, last_name: 'T', company_name: '', kyc_level: 5 } as CustomerRecord) // prettier-ignore
        : null;
    const long = 'x'.repeat(MAX_EXTERNAL_ID_LENGTH + 1);
    const checked = checkSave(
      {
        customers: [
          { account_type: 'N', last_name: 'A' },
          { external_id: long, account_type: 'N', last_name: 'A' },
          { external_id: 'A', last_name: 'A' },
          { external_id: 'B', account_type: 'Q' },
          { external_id: 'C', account_type: 'N' },
          { external_id: 'D', account_type: 'F' },
          { external_id: 'E', account_type: 'N', last_name: 'E', date_of_birth: '1990-02-30' },
          { external_id: 'G', account_type: 'N', last_name: 'G', nationality_codes: ['fr'], domicile_codes: ['xx1'] }, // prettier-ignore
          { external_id: 'H', account_type: 'N', last_name: 'H', kyc_level: 11, kyc_level_requested: -1 }, // prettier-ignore
          { external_id: 'I', account_type: 'N', last_name: 'I', parent_external_id: 'NOBODY' },
          { external_id: 'T', kyc_level_requested: 1, fields: { nope: 1 } },
          { external_id: 'T' },
        ],
        relations: [
          { child_customer_external_id: 'T', relation_type: 1 },
          { relation_external_id: long, parent_customer_external_id: long, child_customer_external_id: long, relation_type: 1 }, // prettier-ignore
          { relation_external_id: 'R', parent_customer_external_id: 'T', child_customer_external_id: 'NOBODY' }, // prettier-ignore
          { relation_external_id: 'R', parent_customer_external_id: 'T', child_customer_external_id: 'T', relation_type: 99 }, // prettier-ignore
        ],
      },
      stored,
    );
    const codes = new Set(
      [...checked.customers, ...checked.relations].flatMap(({ detail }) =>
        [...detail.errors, ...detail.warnings].map((problem) => problem.error),
      ),
    );
    codes.add('risk_scan_deferred');
    expect(codes.size).toBeGreaterThan(20);
    const documented = new Set([...SAVES.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]));
    const longerIds = ['invalid_parent_customer_external_id', 'invalid_child_customer_external_id'];
    // The table names the longer-id codes as "invalid_external_id, invalid_relation_external_id, …".
    expect([...codes].filter((code) => !documented.has(code) && !longerIds.includes(code))).toEqual(
      [],
    );
  });
});
