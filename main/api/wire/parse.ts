import type { z } from 'zod';

export type WireParse<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** Parses a decoded body; on failure says where, as `data.3.last_revision.score: expected number`. */
export function parseWire<S extends z.ZodType>(schema: S, body: unknown): WireParse<z.output<S>> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problems: result.error.issues.map(describeIssue) };
}

/** At most a few problems: one broken record in a page of 1000 should not make a novel. */
export function summariseProblems(problems: string[], limit = 3): string {
  const shown = problems.slice(0, limit).join('; ');
  return problems.length > limit ? `${shown}; and ${problems.length - limit} more` : shown;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '(whole body)';
  return `${where}: ${explain(issue)}`;
}

function explain(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      const expected = issue.expected === 'record' ? 'object' : issue.expected;
      const received = /received (\w+)/.exec(issue.message)?.[1];
      if (received === 'undefined') return `missing, expected ${expected}`;
      return `expected ${expected}${received ? `, received ${received}` : ''}`;
    }
    case 'invalid_union': {
      const expected = issue.errors
        .flat()
        .filter((inner) => inner.code === 'invalid_type' && inner.path.length === 0)
        .map((inner) => (inner.code === 'invalid_type' ? inner.expected : ''));
      return expected.length > 0 ? `expected ${expected.join(' or ')}` : issue.message;
    }
    default:
      return issue.message.replace(/^Invalid input: /, '');
  }
}
