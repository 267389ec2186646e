import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  MAIL_FRAME_STYLE_HASH,
} from '../../../main/security/content-security-policy';
import { FRAME_CSS, framePolicy } from '../../../renderer/src/features/threads/mail-frame-document';

describe('the content security policy', () => {
  it("allows the mail frame's own stylesheet by its exact hash, and no other inline style", () => {
    const hash = createHash('sha256').update(FRAME_CSS).digest('base64');
    expect(MAIL_FRAME_STYLE_HASH).toBe(`'sha256-${hash}'`);
    for (const transport of ['electron', 'browser'] as const) {
      const policy = contentSecurityPolicy(transport);
      expect(policy).toContain(`style-src 'self' 'sha256-${hash}'`);
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).toMatch(/script-src 'self'(;|$)/);
    }
  });

  it('lets mail frames block remote content on their own until the user asks', () => {
    expect(framePolicy(false)).toContain("default-src 'none'");
    expect(framePolicy(false)).not.toContain('https:');
    expect(framePolicy(true)).toContain('img-src data: https:');
    expect(framePolicy(true)).not.toContain('http:');
    // Only images: mail CSS never applies, so consent lets no stylesheet load from elsewhere.
    expect(framePolicy(true)).toContain("style-src 'unsafe-inline';");
  });
});
