import { z } from 'zod';
import { flag, text } from './fields';

// Spec, Errors: {errors: APIError[]}; thread search and attachment download may send only code
// and message. Picking the error to show is pickServiceError's job (../error-body.ts).

export const WireApiErrorSchema = z.looseObject({
  code: text,
  message: text,
  deprecated: flag,
  will_be_deprecated: flag,
});
export type WireApiError = z.output<typeof WireApiErrorSchema>;

export const WireErrorBodySchema = z.looseObject({ errors: z.array(WireApiErrorSchema) });
export type WireErrorBody = z.output<typeof WireErrorBodySchema>;
