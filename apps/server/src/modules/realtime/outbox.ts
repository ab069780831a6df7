/**
 * Per-socket outboxes, so a slow client cannot make the server's memory grow: while a socket's
 * websocket is still writing earlier data, its updates wait here, one per device and map (a newer
 * update replaces the stale one of the same map; another map's, or one without a position, never
 * does), with a cap; when the socket drains, the newest state goes out.
 */
import { SOCKET_MAX_UPDATES_PER_EVENT, type DeviceUpdate } from '@rtls/contract';
import { outboxKey } from './fan-out.ts';

/** The parts of a Socket.IO socket the outbox uses (the engine connection and emit). */
export interface OutboxSocket {
  id: string;
  conn: {
    readyState: string;
    writeBuffer: unknown[];
    transport: {
      writable: boolean;
      /** engine.io's websocket transport: writes the packets, one websocket frame each. */
      send?: (packets: unknown[]) => void;
      /** The `ws` socket and its TCP socket (undocumented; absent in tests' fakes). */
      socket?: { _socket?: { cork(): void; uncork(): void } };
      on(event: 'ready', fn: () => void): unknown;
      off(event: 'ready', fn: () => void): unknown;
    };
  };
  emit(event: 'device_update', ...updates: DeviceUpdate[]): unknown;
  once(event: 'disconnect', fn: () => void): unknown;
}

export interface OutboxStats {
  /** Updates waiting for slow sockets right now (at most one per device and map per socket). */
  pending: number;
  /** Updates never sent because a newer one for the same device and map replaced them. */
  coalesced: number;
  /** Updates dropped because a socket had too many devices pending. */
  dropped: number;
}

/**
 * Have the transport hand all frames of one flush to the kernel in one write: without it every
 * device_update is its own system call (a large share of the server's CPU at thousands per second).
 */
function corkFlushes(transport: OutboxSocket['conn']['transport']) {
  const send = transport.send;
  if (typeof send !== 'function') return;
  transport.send = (packets) => {
    const tcp = transport.socket?._socket;
    if (!tcp || packets.length < 2) return send.call(transport, packets);
    tcp.cork();
    try {
      send.call(transport, packets);
    } finally {
      tcp.uncork();
    }
  };
}

/** Send updates as few `device_update` events as the contract allows. */
function emitUpdates(s: OutboxSocket, updates: readonly DeviceUpdate[]) {
  for (let i = 0; i < updates.length; i += SOCKET_MAX_UPDATES_PER_EVENT)
    s.emit('device_update', ...updates.slice(i, i + SOCKET_MAX_UPDATES_PER_EVENT));
}

export function createOutboxes({ maxPending }: { maxPending: number }) {
  const boxes = new Map<string, Map<string, DeviceUpdate>>();
  let pending = 0;
  let coalesced = 0;
  let dropped = 0;

  /** The websocket has finished writing everything handed to it before. */
  const writable = (s: OutboxSocket) =>
    s.conn.readyState === 'open' && s.conn.transport.writable && s.conn.writeBuffer.length === 0;

  function drain(s: OutboxSocket) {
    const box = boxes.get(s.id);
    if (!box || box.size === 0 || !writable(s)) return;
    const updates = [...box.values()];
    box.clear();
    pending -= updates.length;
    emitUpdates(s, updates);
  }

  return {
    /** Start tracking a connected socket; forgets it on disconnect. */
    attach(s: OutboxSocket) {
      const box = new Map<string, DeviceUpdate>();
      boxes.set(s.id, box);
      // The transport says 'ready' each time its previous write has been taken by the network.
      const transport = s.conn.transport;
      corkFlushes(transport);
      const onReady = () => drain(s);
      transport.on('ready', onReady);
      s.once('disconnect', () => {
        transport.off('ready', onReady);
        pending -= box.size;
        box.clear();
        boxes.delete(s.id);
      });
    },

    /** Send now when the socket keeps up; otherwise keep the newest update per device and map. */
    send(s: OutboxSocket, updates: readonly DeviceUpdate[]) {
      const box = boxes.get(s.id);
      if (!box) return;
      if (box.size === 0 && writable(s)) {
        emitUpdates(s, updates);
        return;
      }
      for (const u of updates) {
        const key = outboxKey(u);
        if (box.delete(key)) {
          coalesced++;
          pending--;
        }
        box.set(key, u); // re-inserted last: the map's order is oldest first
        pending++;
        if (box.size > maxPending) {
          const oldest = box.keys().next().value!;
          box.delete(oldest);
          pending--;
          dropped++;
        }
      }
    },

    /** Forget the updates without a map waiting for one socket (its watched maps changed). */
    dropUnplaced(socketId: string) {
      const box = boxes.get(socketId);
      if (!box) return;
      for (const [key, u] of box)
        if (!u.mapId) {
          box.delete(key);
          pending--;
        }
    },

    /** Updates waiting for one socket (tests and diagnostics). */
    pendingFor: (socketId: string) => boxes.get(socketId)?.size ?? 0,

    stats: (): OutboxStats => ({ pending, coalesced, dropped }),
  };
}
