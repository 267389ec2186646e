import { describe, expect, it } from 'vitest';
import { createTokenGate } from '../../../main/workspace/token-gate';
import { activeProfile, profileView } from './active-profile';

describe('the token gate', () => {
  it('hands the token only to a workspace at the origin it was saved for', () => {
    const active = activeProfile(profileView({ baseUrl: 'https://old.example' }));
    const gate = createTokenGate({ profiles: active.profiles });
    expect(gate.tokenFor('p-1', 'https://old.example/api')).toBe('t0ken');
    // The profile moves to another origin with a new token; the old workspace is still open
    // until the switch ends, and must not send the new token to the old address.
    active.choose(profileView({ baseUrl: 'https://new.example' }));
    active.setToken('new-t0ken');
    expect(() => gate.tokenFor('p-1', 'https://old.example')).toThrow(/Enter the token/);
    expect(gate.check('p-1', 'https://old.example')).toMatchObject({ ok: false });
    expect(gate.tokenFor('p-1', 'https://new.example')).toBe('new-t0ken');
  });
});
