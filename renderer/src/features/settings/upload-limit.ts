/** The largest upload CaseDesk accepts as a setting, in MB (the settings contract's bounds). */
export const UPLOAD_LIMIT_MB = { min: 1, max: 10_240 } as const;

/** The upload limit field's text as whole megabytes, or what to write instead. */
export function parseUploadLimit(
  text: string,
): { ok: true; value: number } | { ok: false; error: string } {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !/^\d+$/.test(trimmed) || !Number.isSafeInteger(value))
    return { ok: false, error: 'Give a whole number of megabytes, e.g. 100.' };
  if (value < UPLOAD_LIMIT_MB.min || value > UPLOAD_LIMIT_MB.max)
    return {
      ok: false,
      error: `Give a number from ${UPLOAD_LIMIT_MB.min} to ${UPLOAD_LIMIT_MB.max} (10 GB).`,
    };
  return { ok: true, value };
}
