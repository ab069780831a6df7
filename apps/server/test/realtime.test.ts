/**
 * The realtime channel on a real port: authentication, protocol version, per-account updates,
 * watch_maps with refusals, origin, revocation.
 */
import {
  CONNECTION_ERRORS,
  SOCKET_PATH,
  SOCKET_PROTOCOL_VERSION,
  type DeviceUpdate,
  type ServerToClientEvents,
} from '@rtls/contract';
import { io } from 'socket.io-client';
import { expect, it } from 'vitest';
import { DEMO_GATEWAYS, demoDevice } from '../src/simulator/building.ts';
import {
  bearer,
  createIngestKey,
  createSignedInUser,
  describeEachDb,
  seedAccount,
  type SignedIn,
} from './helpers.ts';
import { firstMapOf, postReports, seedReporter } from './demo-reports.ts';
import { connected, socketsOfEachTest, type ClientSocket } from './live-client.ts';

const WAIT_MS = 5_000;

describeEachDb(
  'realtime channel',
  (t) => {
    const open = socketsOfEachTest();

    function socket(
      token: string | undefined,
      headers: Record<string, string> = {},
      protocol: number = SOCKET_PROTOCOL_VERSION,
    ) {
      const s: ClientSocket = io(t.baseUrl, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        auth: token === undefined ? { protocol } : { token, protocol },
        extraHeaders: headers,
        reconnection: false,
        forceNew: true,
        timeout: WAIT_MS,
      });
      open.push(s);
      return s;
    }

    function connectError(s: ClientSocket): Promise<Error> {
      return new Promise((resolve, reject) => {
        s.once('connect', () => reject(new Error('connected, but a refusal was expected')));
        s.once('connect_error', resolve);
      });
    }

    function next<E extends keyof ServerToClientEvents>(
      s: ClientSocket,
      event: E,
    ): Promise<Parameters<ServerToClientEvents[E]>[0]> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no ${event} within ${WAIT_MS} ms`)),
          WAIT_MS,
        );
        s.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
          clearTimeout(timer);
          resolve(payload);
        }) as never);
      });
    }

    let owner: SignedIn;
    let ownerKey: string;
    let ownerMap: string;
    t.setup(async () => {
      const seeded = await seedReporter(t, { devices: 2, gateways: 8 });
      owner = seeded.owner;
      ownerKey = seeded.key;
      ownerMap = seeded.mapId;
    });

    const ingest = (key: string, reports: unknown[]) => postReports(t.app, key, reports);

    it('refuses a connection without a token', async () => {
      const err = await connectError(socket(undefined));
      expect(err.message).toBe(CONNECTION_ERRORS.noToken);
      const empty = await connectError(socket(''));
      expect(empty.message).toBe(CONNECTION_ERRORS.noToken);
    });

    it('refuses a connection with a bad or revoked token', async () => {
      const err = await connectError(socket('not-a-session-token'));
      expect(err.message).toBe(CONNECTION_ERRORS.authFailed);
      const u = await createSignedInUser(t.built);
      await t.app.inject({ method: 'POST', url: '/api/user/signout', headers: bearer(u.token) });
      const revoked = await connectError(socket(u.token));
      expect(revoked.message).toBe(CONNECTION_ERRORS.authFailed);
    });

    it('refuses a client of another protocol version, telling it to reload', async () => {
      const old = await connectError(socket(owner.token, {}, SOCKET_PROTOCOL_VERSION - 1));
      expect(old.message).toBe(CONNECTION_ERRORS.protocolMismatch);
      const unversioned = io(t.baseUrl, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        auth: { token: owner.token },
        reconnection: false,
        forceNew: true,
      });
      open.push(unversioned);
      expect((await connectError(unversioned)).message).toBe(CONNECTION_ERRORS.protocolMismatch);
    });

    it('watches the maps the user may read and refuses the others', async () => {
      const mine = ownerMap;
      const other = await seedAccount(t.built, { devices: 1, gateways: 2 });
      const theirs = await firstMapOf(t.sql, other.id);
      const s = await connected(socket(owner.token));
      const ack = await s.emitWithAck('watch_maps', {
        mapIds: [mine, theirs, 'no-such-map', mine],
      });
      expect(ack).toEqual({ watching: [mine], refused: [theirs, 'no-such-map'] });
      expect(await s.emitWithAck('watch_maps', { mapIds: [] })).toEqual({
        watching: [],
        refused: [],
      });
      // A malformed request changes nothing and is answered, not an error.
      const bad = await s.emitWithAck('watch_maps', { mapIds: 'x' } as never);
      expect(bad).toEqual({ watching: [], refused: [] });
      expect(s.connected).toBe(true);
    });

    it('answers ping with pong, saying how often devices are located now', async () => {
      const s = await connected(socket(owner.token));
      const pong = next(s, 'pong');
      s.emit('ping');
      const answer = await pong;
      expect(answer).toEqual({
        timestamp: expect.any(Number),
        protocol: expect.any(Number),
        locatingEveryS: expect.any(Number),
      });
      // Each device is located every second, plus however long locates wait on this machine.
      expect(answer.locatingEveryS).toBeGreaterThanOrEqual(1);
    });

    it('sends device_update to the owner’s sockets only', async () => {
      const other = await createSignedInUser(t.built, 'other');
      const otherKey = await createIngestKey(t.built, other.id);
      const mine = await connected(socket(owner.token));
      const theirs = await connected(socket(other.token));
      const leaked: DeviceUpdate[] = [];
      theirs.on('device_update', (...us) => leaked.push(...us));

      const device = demoDevice(0);
      const gw = DEMO_GATEWAYS[2]!.mac;
      const at = Date.now() - 500;
      const update = next(mine, 'device_update');
      const res = await ingest(ownerKey, [
        { gateway: gw, device: device.mac, rssi: -66, timestamp: at, ip: '10.0.0.8' },
      ]);
      expect(res.json()).toMatchObject({ accepted: 1 });
      const u = await update;
      expect(u).toEqual({
        mac: device.mac,
        name: device.name,
        signal: { [gw]: { rssi: -66, received_at: new Date(at).toISOString(), ip: '10.0.0.8' } },
        lastSeen: new Date(at).toISOString(),
        timestamp: expect.any(String),
        mapId: null,
        position: null,
        strongestGateway: gw,
        rssi: -66,
      });
      expect(Number.isNaN(Date.parse(u.timestamp))).toBe(false);

      // The other account's own update arrives after the owner's would have (one ordered stream),
      // so an update leaked to it would already be here.
      const own = next(theirs, 'device_update');
      await ingest(otherKey, [{ gateway: gw, device: 'C3:99:00:00:00:01', rssi: -70 }]);
      expect((await own).mac).toBe('C3:99:00:00:00:01');
      expect(leaked.map((x) => x.mac)).toEqual(['C3:99:00:00:00:01']);
    });

    it('sends the updates published together as one device_update event', async () => {
      const user = await createSignedInUser(t.built, 'batch');
      const s = await connected(socket(user.token));
      const events: DeviceUpdate[][] = [];
      s.on('device_update', (...us) => events.push(us));
      const update = (mac: string): DeviceUpdate => ({
        mac,
        name: mac,
        signal: {},
        lastSeen: new Date().toISOString(),
        timestamp: new Date().toISOString(),
        position: null,
        strongestGateway: null,
        rssi: null,
        mapId: null,
      });
      const macs = ['C3:98:00:00:00:01', 'C3:98:00:00:00:02', 'C3:98:00:00:00:03'];
      t.built.hub.publish(
        user.id,
        macs.map((mac) => ({ update: update(mac), located: [] })),
      );
      const deadline = Date.now() + WAIT_MS;
      while (events.length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(events.map((e) => e.map((u) => u.mac))).toEqual([macs]);
    });

    it('refuses a browser origin from another host and allows the same host', async () => {
      const foreign = await connectError(socket(owner.token, { origin: 'http://evil.example' }));
      expect(foreign).toBeInstanceOf(Error);
      const lookalike = await connectError(
        socket(owner.token, { origin: `http://127.0.0.1.evil.example:${new URL(t.baseUrl).port}` }),
      );
      expect(lookalike).toBeInstanceOf(Error);
      const same = await connected(socket(owner.token, { origin: t.baseUrl }));
      expect(same.connected).toBe(true);
    });

    it('disconnects the sockets of a token when it signs out, and only those', async () => {
      const u = await createSignedInUser(t.built, 'leaving');
      const s = await connected(socket(u.token));
      const bystander = await connected(socket(owner.token));
      const gone = new Promise<string>((resolve) => s.once('disconnect', resolve));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/signout',
        headers: bearer(u.token),
      });
      expect(res.statusCode).toBe(200);
      expect(await gone).toBe('io server disconnect');
      const pong = next(bystander, 'pong');
      bystander.emit('ping');
      await pong;
      expect(bystander.connected).toBe(true);
    });

    it('disconnects the sockets of an account whose password is changed', async () => {
      const u = await createSignedInUser(t.built, 'rotating');
      const s = await connected(socket(u.token));
      const gone = new Promise<string>((resolve) => s.once('disconnect', resolve));
      await t.built.auth.setPassword(u.email, 'another long password');
      expect(await gone).toBe('io server disconnect');
    });
  },
  { listen: true },
);
