import type { z } from 'zod';

/**
 * A bridge method: the zod schema main parses every input with, and the output type the renderer
 * receives. The output exists only as a type; nothing but the input schema runs.
 */
export interface MethodDef<I extends z.ZodType, O> {
  readonly input: I;
  /** Phantom: carries the output type. Never set. */
  readonly output?: O;
}

/** `method<Output>()(inputSchema)`: the output type is given, the input type is inferred. */
export function method<O>() {
  return <I extends z.ZodType>(input: I): MethodDef<I, O> => ({ input });
}

export type MethodInput<M> = M extends MethodDef<infer I, unknown> ? z.input<I> : never;
export type MethodParsedInput<M> = M extends MethodDef<infer I, unknown> ? z.output<I> : never;
export type MethodOutput<M> = M extends MethodDef<z.ZodType, infer O> ? O : never;
