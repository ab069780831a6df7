/**
 * The failover bench's consoles: Socket.IO clients of the bench account that watch the map and
 * note when each device was positioned, and one that reconnects by itself as the web console does
 * (1 s, then doubling; the maps it watches sent again on every connect).
 */
import { SOCKET_PROTOCOL_VERSION } from '@rtls/contract';
import { io, type Socket } from 'socket.io-client';
import type { Update } from './pipeline-listeners.ts';

/** Per device, when each of its new positions was calculated (epoch ms, in arrival order). */
export type Positioned = Map<string, number[]>;

/** Note every new position of the watched maps (its triangulationInfo.lastCalculated changed). */
export function notePositions(socket: Socket, mapIds: readonly string[]): Positioned {
  const positioned: Positioned = new Map();
  const calculated = new Map<string, string>();
  socket.on('device_update', (...updates: Update[]) => {
    for (const u of updates) {
      if (!u.position || !u.mapId || !mapIds.includes(u.mapId)) continue;
      const at = u.triangulationInfo?.lastCalculated ?? u.timestamp;
      if (calculated.get(u.mac) === at) continue;
      calculated.set(u.mac, at);
      const list = positioned.get(u.mac);
      if (list) list.push(Date.parse(at));
      else positioned.set(u.mac, [Date.parse(at)]);
    }
  });
  return positioned;
}

/** What a reconnecting console saw: its connects and the first update after each. */
export interface ConsoleLog {
  /** Epoch ms of every connect, the first included. */
  connects: number[];
  disconnects: number[];
  /** Per connect (same index), when its first device_update arrived (null: none yet). */
  firstUpdate: (number | null)[];
  updates: number;
  socket: Socket;
}

/**
 * A console with Socket.IO's own reconnection on the web console's schedule (1 s doubling, capped
 * at 30 s, no jitter), re-sending watch_maps on every connect. Resolves once first connected.
 */
export function reconnectingConsole(
  url: string,
  token: string,
  mapIds: string[],
): Promise<ConsoleLog> {
  const s = io(url, {
    path: '/sqws',
    transports: ['websocket'],
    auth: { token, protocol: SOCKET_PROTOCOL_VERSION },
    reconnection: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 30_000,
    randomizationFactor: 0,
    forceNew: true,
  });
  const log: ConsoleLog = { connects: [], disconnects: [], firstUpdate: [], updates: 0, socket: s };
  s.on('connect', () => {
    log.connects.push(Date.now());
    log.firstUpdate.push(null);
    s.emit('watch_maps', { mapIds });
  });
  s.on('disconnect', () => log.disconnects.push(Date.now()));
  s.on('device_update', () => {
    log.updates++;
    const i = log.firstUpdate.length - 1;
    if (i >= 0 && log.firstUpdate[i] === null) log.firstUpdate[i] = Date.now();
  });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(log));
    s.once('connect_error', reject);
  });
}

/** A device positioned within this long before the kill was being located. */
const LOCATED_WITHIN_MS = 5_000;

/**
 * Per device that was being located at `at` (positioned in the 5 s before it): how long after `at`
 * its next position was calculated; `late` names those later than 5 s or with none since, and
 * `unlocated` those with none since.
 */
export function locatedAgain(positioned: Positioned, at: number) {
  const delays: number[] = [];
  const late: string[] = [];
  const unlocated: string[] = [];
  for (const [mac, times] of positioned) {
    if (!times.some((t) => t <= at && t > at - LOCATED_WITHIN_MS)) continue;
    const next = Math.min(...times.filter((t) => t > at));
    if (next === Infinity) unlocated.push(mac);
    else delays.push(next - at);
    if (next - at > LOCATED_WITHIN_MS) late.push(mac);
  }
  const never = unlocated.length;
  return { delays, never, before: delays.length + never, late, unlocated };
}
