/** Devices and gateways as their stores keep them: keyed by MAC. */

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
