/**
 * The device list's search and status filter: a query matches the name, the display name or the
 * MAC (with or without separators); counts are per status class (listStatus) over the whole list.
 */
import { LIST_STATUSES, listStatus, type ListStatus } from '@rtls/contract';

export type StatusFilter = ListStatus | 'all';

interface Listed {
  mac: string;
  name: string;
  lastSeen?: string | null;
  customSettings: { displayName?: string };
}

const compact = (s: string) => s.toLowerCase().replace(/[\s:.-]/g, '');

/** Whether `d` matches the typed query (empty matches all). */
export function matchesQuery(d: Listed, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const names = [d.name, d.customSettings.displayName ?? ''].map((n) => n.toLowerCase());
  if (names.some((n) => n.includes(q))) return true;
  const macQuery = compact(q);
  return macQuery.length > 0 && compact(d.mac).includes(macQuery);
}

/** How many devices are in each status class. */
export function countByStatus(list: readonly Listed[], now: number): Record<ListStatus, number> {
  const counts = Object.fromEntries(LIST_STATUSES.map((s) => [s, 0])) as Record<ListStatus, number>;
  for (const d of list) counts[listStatus(d.lastSeen, now)] += 1;
  return counts;
}

/** The devices that match both the query and the status filter, in their order. */
export function filterDevices<T extends Listed>(
  list: readonly T[],
  query: string,
  status: StatusFilter,
  now: number,
): T[] {
  return list.filter(
    (d) => (status === 'all' || listStatus(d.lastSeen, now) === status) && matchesQuery(d, query),
  );
}
