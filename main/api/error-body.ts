import { z } from 'zod';

// Spec, Errors: {errors: APIError[]}, v1 (deprecated) and v2 errors side by side; thread search and
// attachment download may carry only code and message.
// Flags and fields may also come as null from other implementations: tolerated like absent ones.
const ApiErrorWire = z
  .object({
    code: z.string().nullish(),
    message: z.string().nullish(),
    deprecated: z.boolean().nullish(),
    will_be_deprecated: z.boolean().nullish(),
  })
  .loose();

const ErrorBodyWire = z.object({ errors: z.array(ApiErrorWire) }).loose();

export interface ServiceError {
  code: string;
  message: string;
}

/** The error a client should show: the first non-deprecated one, else the first at all. */
export function pickServiceError(body: unknown): ServiceError | null {
  const parsed = ErrorBodyWire.safeParse(body);
  if (!parsed.success || parsed.data.errors.length === 0) return null;
  const errors = parsed.data.errors;
  const preferred =
    errors.find((error) => error.deprecated === false && !error.will_be_deprecated) ??
    errors.find((error) => error.deprecated !== true) ??
    errors[0];
  if (!preferred) return null;
  return { code: preferred.code ?? 'unknown', message: preferred.message ?? '' };
}
