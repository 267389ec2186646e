import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliUsageError, parseCliArgs } from '../../../main/cli/cli-args';
import { parseReviewCommand, runReviewCommand } from '../../../main/cli/cli-review';
import { silentLogger } from '../../../main/lib/logger';
import { openLocalStore, type LocalStore } from '../../../main/local/local-store';
import { loadIdentity } from '../../../main/review/identity';
import { createReview, type Me, type Review } from '../../../main/review/review';
import { createWorkbench, type Workbench } from '../../../main/workbench/workbench';
import type { CacheDb } from '../../../main/cache/open-cache';
import { alert, openTestCache } from '../cache/review-records';
import { makeTempDir } from '../../support/temp-dir';

// `review export|import|answer` read from the command line and run on two installations' stores.

const parse = (line: string) => parseReviewCommand(parseCliArgs(['review', ...line.split(' ')]));

describe('review on the command line', () => {
  it('reads each command, and refuses what it cannot run with', () => {
    expect(parse('export --alert A1 --out /tmp/x --profile P')).toEqual({
      name: 'export',
      alertId: 'A1',
      out: '/tmp/x',
    });
    expect(parse('import /tmp/r.json --profile P')).toEqual({
      name: 'import',
      file: '/tmp/r.json',
    });
    expect(parse('answer /tmp/r.json --reject --reason Moved --out /tmp/x')).toEqual({
      name: 'answer',
      file: '/tmp/r.json',
      decision: 'reject',
      reason: 'Moved',
      out: '/tmp/x',
    });
    for (const [line, message] of [
      ['verify', /review takes export, import or answer/],
      ['export --out /tmp/x', /--alert is required/],
      ['import', /takes one file/],
      ['import a b', /takes one file/],
      [
        'answer f --approve --reject --reason R --out /tmp',
        /--approve or --reject \(one of them\)/,
      ],
      ['answer f --out /tmp --reason R', /--approve or --reject/],
      ['answer f --approve --out /tmp', /--reason is required/],
      ['import f --json', /does not take --json/],
    ] as const) {
      expect(() => parse(line)).toThrow(CliUsageError);
      expect(() => parse(line)).toThrow(message);
    }
  });

  describe('run', () => {
    interface Side {
      temp: ReturnType<typeof makeTempDir>;
      local: LocalStore;
      cache: CacheDb;
      bench: Workbench;
      review: Review;
      me: Me;
    }
    const side = async (name: string): Promise<Side> => {
      const temp = makeTempDir('casedesk-cli-review-');
      const opening = openLocalStore(join(temp.path, 'local.db'), silentLogger);
      if (opening.state !== 'open') throw new Error(opening.reason);
      const { db: cache, writer } = openTestCache();
      writer.putAlerts([alert('A1', 'C-1')], Date.parse('2024-04-01T00:00:00Z'));
      const bench = createWorkbench({ local: opening.store, cache, logger: silentLogger });
      const review = createReview({
        local: opening.store,
        cache,
        workbench: bench,
        tenant: 'https://tenant.example',
        logger: silentLogger,
      });
      const identity = await loadIdentity(temp.path, silentLogger);
      return { temp, local: opening.store, cache, bench, review, me: { name, identity } };
    };
    let maker: Side;
    let checker: Side;
    let out: ReturnType<typeof makeTempDir>;
    beforeEach(async () => {
      maker = await side('Ana Ruiz');
      checker = await side('Bo Chen');
      out = makeTempDir('casedesk-cli-review-out-');
    });
    afterEach(() => {
      for (const one of [maker, checker]) {
        one.local.close();
        one.cache.close();
        one.temp.remove();
      }
      out.remove();
    });
    const run = async (one: Side, line: string) => {
      let text = '';
      const code = await runReviewCommand(parse(line), {
        review: one.review,
        me: () => Promise.resolve(one.me),
        write: (chunk) => {
          text += chunk;
        },
      });
      return { code, text };
    };

    it('exports, imports and answers, and records the answer back', async () => {
      maker.bench.propose(
        { alertId: 'A1', state: 7, reason: 'No match.', evidence: [] },
        maker.me.name,
      );
      const exported = await run(maker, `export --alert A1 --out ${out.path}`);
      expect(exported.code).toBe(0);
      const request = join(out.path, 'A1-review-request.casedesk-review.json');
      expect(exported.text).toContain(`Wrote the review request ${request}`);

      const imported = await run(checker, `import ${request}`);
      expect(imported.text).toContain('Review request from Ana Ruiz');
      expect(imported.text).toMatch(/same {12}alert A1/);

      const answered = await run(
        checker,
        `answer ${request} --approve --reason Checked --out ${out.path}`,
      );
      const answer = join(out.path, 'A1-review-answer.casedesk-review.json');
      expect(answered.text).toBe(`Wrote the answer ${answer}\n`);
      expect(readdirSync(out.path).sort()).toEqual([
        'A1-review-answer.casedesk-review.json',
        'A1-review-request.casedesk-review.json',
      ]);

      const recorded = await run(maker, `import ${answer}`);
      expect(recorded.text).toBe('Recorded: Approved by Bo Chen (alert A1)\n');
      expect(maker.review.status('A1').sent[0]?.state).toBe('approved');
    });
  });
});
