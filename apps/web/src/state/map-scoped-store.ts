/** What the stores of the map on screen (its zones, rules, floor model) do alike. */

/** The part of such a store's state that says which map it holds and how reading it went. */
interface MapScoped {
  mapId: string | null;
  loading: boolean;
  error: string | null;
}

/**
 * Point a store at `mapId` before reading it: a store that held another map starts over from
 * `initial`; with a map, it is marked loading. Whether there is a map to read.
 */
export function openMap<S extends MapScoped>(
  get: () => S,
  set: (partial: Partial<S>) => void,
  initial: Partial<S>,
  mapId: string | null,
): mapId is string {
  if (mapId !== get().mapId) set({ ...initial, mapId } as Partial<S>);
  if (!mapId) return false;
  set({ loading: true, error: null } as Partial<S>);
  return true;
}
