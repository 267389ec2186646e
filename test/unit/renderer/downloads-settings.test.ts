import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SettingsChange } from '../../../preload/contract';
import { parseUploadLimit } from '../../../renderer/src/features/settings/upload-limit';

describe('the upload limit field', () => {
  it('takes whole megabytes within the limits', () => {
    expect(parseUploadLimit('100')).toEqual({ ok: true, value: 100 });
    expect(parseUploadLimit(' 1 ')).toEqual({ ok: true, value: 1 });
    expect(parseUploadLimit('10240')).toEqual({ ok: true, value: 10_240 });
  });

  it('says what to write for anything else', () => {
    for (const text of ['', '0', '10241', '1.5', '-3', 'ten', '1e3']) {
      const parsed = parseUploadLimit(text);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error).toMatch(/^Give a/);
    }
  });

  it('accepts exactly what the settings contract accepts', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -50, max: 20_000 }).map(String), fc.string()),
        (text) => {
          const parsed = parseUploadLimit(text);
          if (parsed.ok)
            expect(SettingsChange.safeParse({ maxUploadMb: parsed.value }).success).toBe(true);
          else if (/^\d+$/.test(text.trim()))
            expect(SettingsChange.safeParse({ maxUploadMb: Number(text) }).success).toBe(false);
        },
      ),
    );
  });
});
