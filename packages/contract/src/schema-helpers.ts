/** Small schema helpers shared by the contract's files. */
import { Type, type TSchema } from '@sinclair/typebox';

/** One of a fixed set of strings, as a JSON-Schema enum (clear validation messages, OpenAPI enum). */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: { description?: string } = {},
) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** A value that may be explicitly null on the wire. */
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
