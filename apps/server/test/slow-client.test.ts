/**
 * A client that stops reading cannot make the server's memory grow: its updates wait one per
 * device (newer replace older), and when it reads again it gets the newest state of each device.
 */
import type { DeviceUpdate } from '@rtls/contract';
import type { Socket } from 'socket.io-client';
import { expect, it } from 'vitest';
import { createOutboxes, type OutboxSocket } from '../src/modules/realtime/outbox.ts';
import { createSignedInUser, describeEachDb } from './helpers.ts';
import { clientSocket, connected, socketsOfEachTest } from './live-client.ts';

const DEVICES = 40;
/** About 4 kB per update: enough rounds fill the kernel's socket buffers quickly. */
const GATEWAYS = 60;

function update(device: number, round: number): DeviceUpdate {
  const signal: DeviceUpdate['signal'] = {};
  for (let g = 0; g < GATEWAYS; g++)
    signal[`AA:00:00:00:00:${g.toString(16).padStart(2, '0').toUpperCase()}`] = {
      rssi: -60 - (g % 30),
      received_at: new Date(1_700_000_000_000 + round).toISOString(),
      ip: '10.0.0.1',
    };
  const mac = `BB:00:00:00:00:${device.toString(16).padStart(2, '0').toUpperCase()}`;
  return {
    mac,
    name: mac,
    signal,
    lastSeen: new Date(1_700_000_000_000 + round).toISOString(),
    timestamp: String(round),
    position: null,
    strongestGateway: 'AA:00:00:00:00:00',
    rssi: -60,
  };
}

/** The ws WebSocket under a socket.io-client socket (Node), which can stop reading. */
const rawWebSocket = (s: Socket) =>
  (s.io.engine as unknown as { transport: { ws: { pause(): void; resume(): void } } }).transport.ws;

describeEachDb(
  'slow realtime clients',
  (t) => {
    const open = socketsOfEachTest<Socket>();

    it('keeps one pending update per device while a client stops reading, then sends the newest', async () => {
      const user = await createSignedInUser(t.built, 'slow');
      const s = clientSocket(t.baseUrl, user.token);
      open.push(s);
      await connected(s);
      const latest = new Map<string, number>();
      let received = 0;
      s.on('device_update', (...us: DeviceUpdate[]) => {
        for (const u of us) {
          received++;
          latest.set(u.mac, Number(u.timestamp));
        }
      });

      const hub = t.built.hub;
      const serverSocket = hub.io.of('/').sockets.get(s.id!)!;
      const engine = serverSocket.conn as unknown as { writeBuffer: unknown[] };
      rawWebSocket(s).pause();

      // Publish until the socket is backed up and the outbox has replaced many stale updates.
      const before = hub.realtimeStats();
      let round = 0;
      let maxWriteBuffer = 0;
      while (round < 3000 && hub.realtimeStats().coalesced - before.coalesced < DEVICES * 20) {
        round++;
        hub.publish(
          user.id,
          Array.from({ length: DEVICES }, (_, d) => ({ update: update(d, round), located: [] })),
        );
        maxWriteBuffer = Math.max(maxWriteBuffer, engine.writeBuffer.length);
        expect(hub.pendingFor(s.id!)).toBeLessThanOrEqual(DEVICES);
        await new Promise((r) => setImmediate(r));
      }
      const backedUp = hub.realtimeStats();
      expect(backedUp.coalesced - before.coalesced).toBeGreaterThanOrEqual(DEVICES * 20);
      expect(hub.pendingFor(s.id!)).toBe(DEVICES);
      // What engine.io holds for the socket stays within one round (plus a ping), however long.
      expect(maxWriteBuffer).toBeLessThanOrEqual(DEVICES + 2);
      expect(received).toBeLessThan(round * DEVICES);

      rawWebSocket(s).resume();
      const deadline = Date.now() + 15_000;
      while (
        [...Array(DEVICES).keys()].some((d) => latest.get(update(d, 0).mac) !== round) &&
        Date.now() < deadline
      )
        await new Promise((r) => setTimeout(r, 50));
      for (let d = 0; d < DEVICES; d++) expect(latest.get(update(d, 0).mac)).toBe(round);
      expect(hub.pendingFor(s.id!)).toBe(0);
      expect(received).toBeLessThan(round * DEVICES);

      const metrics = (await t.app.inject('/metrics')).body;
      expect(metrics).toMatch(/^rtls_realtime_pending_updates 0$/m);
      expect(metrics).toMatch(/^rtls_realtime_updates_skipped_total\{why="replaced"\} [1-9]\d*$/m);
    }, 30_000);
  },
  { listen: true },
);

/** A stand-in socket whose transport is always busy, to check the cap on devices. */
function busySocket(): OutboxSocket & { sent: DeviceUpdate[] } {
  const sent: DeviceUpdate[] = [];
  return {
    id: 'busy',
    sent,
    conn: {
      readyState: 'open',
      writeBuffer: [],
      transport: { writable: false, on: () => undefined, off: () => undefined },
    },
    emit: (_e, u) => sent.push(u),
    once: () => undefined,
  };
}

it('drops the oldest devices when a busy socket has more pending than the cap', () => {
  const boxes = createOutboxes({ maxPending: 5 });
  const s = busySocket();
  boxes.attach(s);
  boxes.send(
    s,
    Array.from({ length: 8 }, (_, d) => update(d, 1)),
  );
  boxes.send(s, [update(7, 2)]);
  expect(boxes.pendingFor('busy')).toBe(5);
  expect(boxes.stats()).toEqual({ pending: 5, coalesced: 1, dropped: 3 });
  expect(s.sent).toHaveLength(0);
});

it('keeps a pending update per device and map: another map’s or an unpositioned one never replaces it', () => {
  const boxes = createOutboxes({ maxPending: 10 });
  const s = busySocket();
  boxes.attach(s);
  const at = (mapId: string | null, round: number): DeviceUpdate => ({
    ...update(1, round),
    mapId,
    position: mapId ? { x: round, y: round } : null,
  });
  boxes.send(s, [at('m1', 1), at('m2', 1), at(null, 1)]);
  expect(boxes.pendingFor('busy')).toBe(3);
  boxes.send(s, [at('m1', 2)]);
  expect(boxes.pendingFor('busy')).toBe(3);
  expect(boxes.stats()).toMatchObject({ pending: 3, coalesced: 1 });
});

it('forgets the unpositioned updates held for a socket whose watched maps changed', () => {
  const boxes = createOutboxes({ maxPending: 10 });
  const s = busySocket();
  boxes.attach(s);
  const at = (mac: number, mapId: string | null): DeviceUpdate => ({
    ...update(mac, 1),
    mapId,
    position: mapId ? { x: 1, y: 1 } : null,
  });
  boxes.send(s, [at(1, 'm1'), at(2, null), at(3, null)]);
  boxes.dropUnplaced('busy');
  expect(boxes.pendingFor('busy')).toBe(1);
  expect(boxes.stats().pending).toBe(1);
});
