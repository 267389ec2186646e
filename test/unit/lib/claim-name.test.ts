import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimFreeName } from '../../../main/lib/claim-name';
import { makeTempDir } from '../../support/temp-dir';

describe('a written file given a free name', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir('casedesk-claim-name-');
  });
  afterEach(() => temp.remove());

  const written = (text: string) => {
    const path = join(temp.path, `.${text}.tmp`);
    writeFileSync(path, text);
    return path;
  };

  it('takes the name, then numbers it before its ending, never replacing a file', async () => {
    writeFileSync(join(temp.path, 'A1-review-request.casedesk-review.json'), 'kept');
    const ending = '.casedesk-review.json';
    const second = await claimFreeName(
      written('two'),
      temp.path,
      'A1-review-request.casedesk-review.json',
      'review files',
      ending,
    );
    const third = await claimFreeName(
      written('three'),
      temp.path,
      'A1-review-request.casedesk-review.json',
      'review files',
      ending,
    );
    expect(second).toBe(join(temp.path, 'A1-review-request (2).casedesk-review.json'));
    expect(third).toBe(join(temp.path, 'A1-review-request (3).casedesk-review.json'));
    expect(readFileSync(join(temp.path, 'A1-review-request.casedesk-review.json'), 'utf8')).toBe(
      'kept',
    );
    // The temporary files are gone: each became its name.
    expect(readdirSync(temp.path).sort()).toEqual([
      'A1-review-request (2).casedesk-review.json',
      'A1-review-request (3).casedesk-review.json',
      'A1-review-request.casedesk-review.json',
    ]);
  });

  it('numbers before the extension when no ending is said', async () => {
    writeFileSync(join(temp.path, 'batch-results-2026-12-07.csv'), 'kept');
    expect(
      await claimFreeName(
        written('csv'),
        temp.path,
        'batch-results-2026-12-07.csv',
        'result files',
      ),
    ).toBe(join(temp.path, 'batch-results-2026-12-07 (2).csv'));
  });
});
