/** Success answers of the thin routes: the one field a call is for, or only that it succeeded. */

/** `{ success: true, <key>: value }`: a call's answer with the one thing it is for. */
export function answer<K extends string, T>(key: K, value: T) {
  return { success: true as const, [key]: value } as { success: true } & { [P in K]: T };
}

/** `{ success: true }` once the work (a delete, a removal) is done. */
export async function done(work: Promise<unknown>): Promise<{ success: true }> {
  await work;
  return { success: true };
}
