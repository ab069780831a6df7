/** The id-keyed records the stores keep (entities, drafts, counts). */

/** The record less one key. */
export const without = <T>(record: Record<string, T>, key: string): Record<string, T> => {
  const { [key]: _gone, ...rest } = record;
  return rest;
};

/** The record less these keys; the same record when it holds none of them. */
export const withoutKeys = <T>(
  record: Record<string, T>,
  keys: readonly string[],
): Record<string, T> => {
  if (!keys.some((k) => k in record)) return record;
  const rest = { ...record };
  for (const k of keys) delete rest[k];
  return rest;
};
