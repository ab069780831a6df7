/** Small schema helpers shared by the contract's files. */
import { Kind, Type, TypeRegistry, type TSchema } from '@sinclair/typebox';

// Lets TypeBox's Value.Check and Value.Errors check a StringEnum as Ajv does (by its `enum`).
if (!TypeRegistry.Has('StringEnum'))
  TypeRegistry.Set<{ enum: readonly string[] }>(
    'StringEnum',
    (schema, value) => typeof value === 'string' && schema.enum.includes(value),
  );

/** One of a fixed set of strings, as a JSON-Schema enum (clear validation messages, OpenAPI enum). */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: { description?: string } = {},
) =>
  Type.Unsafe<T[number]>({ [Kind]: 'StringEnum', type: 'string', enum: [...values], ...options });

/** A value that may be explicitly null on the wire. */
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
