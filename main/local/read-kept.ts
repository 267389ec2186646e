import type { z } from 'zod';
import type { Logger } from '../lib/logger';

/**
 * A kept record's body read leniently: one that does not read is logged and left out (null), not
 * fatal to the list it is in.
 */
export function readKept<T>(
  logger: Logger,
  schema: z.ZodType<T>,
  body: unknown,
  what: string,
): T | null {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  logger.warn(`a kept ${what} could not be read and is left out`, parsed.error);
  return null;
}
