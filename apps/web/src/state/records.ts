/** The id-keyed records the stores keep (entities, drafts, counts). */

/** The record less one key. */
export const without = <T>(record: Record<string, T>, key: string): Record<string, T> => {
  const { [key]: _gone, ...rest } = record;
  return rest;
};
