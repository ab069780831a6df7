/** What the device and gateway stores do alike: lists keyed by MAC, and the lists of those heard. */

export const byMac = <T extends { mac: string }>(list: readonly T[]): Record<string, T> =>
  Object.fromEntries(list.map((item) => [item.mac, item]));

/**
 * Every one of the account's devices or gateways, keyed by MAC; null when reading fails, which is
 * only logged (a list the console can do without).
 */
export async function readByMac<T extends { mac: string }>(
  read: () => Promise<T[]>,
  what: 'devices' | 'gateways',
): Promise<Record<string, T> | null> {
  try {
    return byMac(await read());
  } catch (err) {
    console.error(`Failed to fetch ${what}`, err);
    return null;
  }
}

/** The part of a store that holds what the account's gateways heard, and how reading it went. */
interface AvailableState<T> {
  available?: T[];
  availableLoading: boolean;
  availableError: string | null;
}

/** Read into `available` the ones heard but not monitored, keeping its loading and failure. */
export async function readAvailable<T>(
  set: (state: Partial<AvailableState<T>>) => void,
  read: () => Promise<T[]>,
): Promise<void> {
  set({ availableLoading: true, availableError: null });
  try {
    set({ available: await read(), availableLoading: false });
  } catch (err) {
    set({ availableLoading: false, availableError: (err as Error).message });
  }
}
