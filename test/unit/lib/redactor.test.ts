import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from '../../../main/lib/redactor';

// JSON escapes `"` and `\`, so a token holding them never appears as itself in JSON text.
const token = 'tok"en\\with-quote';

describe('redactor', () => {
  it('redacts a token holding a quote and a backslash in a nested payload', () => {
    const payload = {
      ok: false,
      error: {
        code: 'auth',
        message: `refused ${token}`,
        details: [{ header: `Bearer ${token}` }],
      },
    };
    const safe = redactSecrets(payload, [token]);
    expect(safe.error.message).toBe(`refused ${REDACTED}`);
    expect(safe.error.details[0]?.header).toBe(`Bearer ${REDACTED}`);
    expect(JSON.stringify(safe)).not.toContain(JSON.stringify(token).slice(1, -1));
  });

  it('redacts a token in an Error message and its stack', () => {
    const error = new TypeError(`could not send ${token}`);
    const safe = redactSecrets({ cause: error }, [token]);
    expect(safe.cause).toBeInstanceOf(TypeError);
    expect(safe.cause.message).toBe(`could not send ${REDACTED}`);
    expect(safe.cause.stack ?? '').not.toContain(token);
    const alone = redactSecrets(new Error(token), [token]);
    expect(alone.message).toBe(REDACTED);
  });

  it('leaves a value without a secret as it is', () => {
    const payload = { a: [1, 'two', { three: null }] };
    expect(redactSecrets(payload, [token])).toBe(payload);
  });
});
