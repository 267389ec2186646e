import { z } from 'zod';

// Spec, Errors: {errors: APIError[]}, v1 (deprecated) and v2 errors side by side; thread search and
// attachment download may carry only code and message.
const ApiErrorWire = z
  .object({
    code: z.string().optional(),
    message: z.string().optional(),
    deprecated: z.boolean().optional(),
    will_be_deprecated: z.boolean().optional(),
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
