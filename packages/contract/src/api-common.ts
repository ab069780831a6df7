/** Answers shared by many calls: the error body and the bare success of a delete or sign-out. */
import { Type, type Static, type TArray, type TProperties, type TSchema } from '@sinclair/typebox';

/** Body of every error answer: a clear sentence, never a stack trace. */
export const ErrorBody = Type.Object({
  success: Type.Literal(false),
  status: Type.Literal('error'),
  message: Type.String(),
});
export type ErrorBody = Static<typeof ErrorBody>;

/** Path parameter of a call on one resource by its id (a map, label, webhook, alert). */
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type IdParams = Static<typeof IdParams>;

/** A name a user gives a map, device or gateway: 1 to 200 characters, not all blank. */
export const NameField = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });

/** A success answer: `success: true` and these fields. */
export const SuccessWith = <P extends TProperties>(properties: P) =>
  Type.Object({ success: Type.Literal(true), ...properties });

/**
 * The answers of a resource's calls: its list (`{ success: true, <many>: T[] }`) and one of it
 * (`{ success: true, <one>: T }`).
 */
export const ResourceResponses = <Many extends string, One extends string, T extends TSchema>(
  many: Many,
  one: One,
  item: T,
) =>
  [
    SuccessWith({ [many]: Type.Array(item) } as { [K in Many]: TArray<T> }),
    SuccessWith({ [one]: item } as { [K in One]: T }),
  ] as const;

/** The answer of a call that only succeeds (delete, sign-out, retry). */
export const SuccessResponse = SuccessWith({});
export type SuccessResponse = Static<typeof SuccessResponse>;
