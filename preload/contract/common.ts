import { z } from 'zod';

// Pieces every domain's schemas share.

/** Any JSON value, as the service sent it (kept for fields whose inner shape the spec leaves open). */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A calendar day, YYYY-MM-DD, read as a whole UTC day (from: its start; to: its end). */
export const Day = z.iso.date();
export const Id = z.string().min(1).max(256);
/** Chosen by the renderer, so progress events can be matched before the call returns; reused, it is the same request. */
export const RequestId = z.string().uuid();
export const TagCode = z.string().trim().min(1).max(64);
