import { describe, expect, it } from 'vitest';
import { movesOrigin } from '../../../renderer/src/features/profiles/token-origin';

describe('the profile form knows when the stored token cannot follow the base URL', () => {
  it('asks for a token when scheme, host or port change, not for a path or an unfinished URL', () => {
    const saved = 'https://a.example/tenant';
    expect(movesOrigin(saved, 'https://a.example/other')).toBe(false);
    expect(movesOrigin(saved, 'https://A.example:443/tenant')).toBe(false);
    expect(movesOrigin(saved, 'https://a.example:8443/tenant')).toBe(true);
    expect(movesOrigin(saved, 'https://b.example/tenant')).toBe(true);
    expect(movesOrigin(saved, 'http://127.0.0.1:8080')).toBe(true);
    expect(movesOrigin(saved, 'https://')).toBe(false);
  });
});
