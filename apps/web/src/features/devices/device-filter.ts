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

/** A test of whether a device matches the typed query (empty matches all), read once per list. */
function queryMatcher(query: string): ((d: Listed) => boolean) | null {
  const q = query.trim().toLowerCase();
  if (!q) return null;
  const macQuery = compact(q);
  return (d) => {
    const names = [d.name, d.customSettings.displayName ?? ''].map((n) => n.toLowerCase());
    if (names.some((n) => n.includes(q))) return true;
    return macQuery.length > 0 && compact(d.mac).includes(macQuery);
  };
}

/** Whether `d` matches the typed query (empty matches all). */
export function matchesQuery(d: Listed, query: string): boolean {
  return queryMatcher(query)?.(d) ?? true;
}

/** Each device's status class at `now`, in list order (what the counts and the filter read). */
export const statusesOf = (list: readonly Listed[], now: number): ListStatus[] =>
  list.map((d) => listStatus(d.lastSeen, now));

/** How many devices are in each status class, from statusesOf. */
export function countByStatus(statuses: readonly ListStatus[]): Record<ListStatus, number> {
  const counts = Object.fromEntries(LIST_STATUSES.map((s) => [s, 0])) as Record<ListStatus, number>;
  for (const s of statuses) counts[s] += 1;
  return counts;
}

/**
 * The devices that match both the query and the status filter, in their order (`statuses` from
 * statusesOf); the list itself when every device does.
 */
export function filterDevices<T extends Listed>(
  list: readonly T[],
  query: string,
  status: StatusFilter,
  statuses: readonly ListStatus[],
): readonly T[] {
  const matches = queryMatcher(query);
  if (!matches && status === 'all') return list;
  return list.filter(
    (d, i) => (status === 'all' || statuses[i] === status) && (!matches || matches(d)),
  );
}
