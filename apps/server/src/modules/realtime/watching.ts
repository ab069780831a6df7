/**
 * Which maps each socket watches: watch_maps grants the maps its user may read (owner,
 * collaborator, any signed-in user on a public map) and refuses the rest; when who may read a map
 * changes, its watchers are checked again and those who lost access stop watching at once.
 */
import { Value } from '@sinclair/typebox/value';
import { WatchMapsRequest, type WatchMapsAck } from '@rtls/contract';
import { mapRoom } from './fan-out.ts';

export interface WatchState {
  /** The maps this socket watches (all readable when they were asked for, re-checked since). */
  watching: Set<string>;
  /** Counts watch_maps requests: only the newest one changes what the socket watches. */
  watchRequests: number;
  /** watch_maps requests being answered (bounded, so one client cannot flood the database). */
  watchesInFlight: number;
}

export const newWatchState = (): WatchState => ({
  watching: new Set(),
  watchRequests: 0,
  watchesInFlight: 0,
});

/** The parts of a socket watching uses. */
export interface WatchingSocket {
  data: WatchState & { user: { id: string } };
  connected: boolean;
  join(rooms: string[]): unknown;
  leave(room: string): unknown;
}

/** watch_maps requests of one socket answered at once; more are refused until one ends. */
const MAX_WATCHES_IN_FLIGHT = 4;

export function createWatching<S extends WatchingSocket>({
  readableMaps,
  watchersOf,
  beforeAck = () => undefined,
}: {
  readableMaps: (userId: string, mapIds: string[]) => Promise<Set<string>>;
  /** This instance's sockets watching a map. */
  watchersOf: (mapId: string) => S[];
  /**
   * A socket's watched maps have just changed and the answer is about to go out: whatever the
   * socket still holds that was addressed under the old set is dealt with here.
   */
  beforeAck?: (socket: S) => void;
}) {
  /** Watch the readable maps of those asked for (replacing the previous set); refuse the rest. */
  async function watch(socket: S, request: unknown, ack: unknown) {
    const reply = typeof ack === 'function' ? (ack as (r: WatchMapsAck) => void) : () => undefined;
    const turn = ++socket.data.watchRequests;
    const before = socket.data.watching;
    if (!Value.Check(WatchMapsRequest, request)) {
      const asked = (request as { mapIds?: unknown } | null)?.mapIds;
      const refused = Array.isArray(asked) ? asked.filter((x) => typeof x === 'string') : [];
      return reply({ watching: [...before], refused });
    }
    const asked = [...new Set(request.mapIds)];
    // Too many requests at once: this one changes nothing (the client asks again when it needs).
    if (socket.data.watchesInFlight >= MAX_WATCHES_IN_FLIGHT)
      return reply({ watching: [...before], refused: asked.filter((id) => !before.has(id)) });
    let readable: Set<string>;
    socket.data.watchesInFlight++;
    try {
      readable = await readableMaps(socket.data.user.id, asked);
    } catch {
      // The database is unreachable: keep what the socket watched, grant nothing new.
      readable = new Set(asked.filter((id) => before.has(id)));
    } finally {
      socket.data.watchesInFlight--;
    }
    const watching = asked.filter((id) => readable.has(id));
    const refused = asked.filter((id) => !readable.has(id));
    // A newer request overtook this one: the answer says what the socket really watches.
    if (turn !== socket.data.watchRequests || !socket.connected)
      return reply({ watching: [...socket.data.watching], refused });
    for (const id of before) if (!readable.has(id)) void socket.leave(mapRoom(id));
    void socket.join(watching.map(mapRoom));
    socket.data.watching = new Set(watching);
    beforeAck(socket);
    reply({ watching, refused });
  }

  /** Sockets here watching a map stop watching it unless their user may still read it. */
  async function recheck(mapId: string) {
    const byUser = new Map<string, S[]>();
    for (const s of watchersOf(mapId))
      byUser.set(s.data.user.id, [...(byUser.get(s.data.user.id) ?? []), s]);
    for (const [userId, list] of byUser) {
      // When the answer cannot be had, access ends: the client watches again when it can.
      const allowed = await readableMaps(userId, [mapId]).then(
        (set) => set.has(mapId),
        () => false,
      );
      if (allowed) continue;
      for (const s of list) {
        void s.leave(mapRoom(mapId));
        s.data.watching.delete(mapId);
      }
    }
  }
  return { watch, recheck };
}
