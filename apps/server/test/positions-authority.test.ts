/**
 * The server as the one authority on positions, end to end on a real port: a device heard on two
 * maps is placed on both (socket and REST); a map whose gateways never heard it never gets it;
 * owner, viewer and a stranger see exactly what they may read, and lose it when access ends; a
 * saved threshold moves a device at once; and with default settings the published position is
 * what the positioning package computes from the same reports, map, floor model and gateways.
 */
import {
  DEFAULT_TRIANGULATION,
  type Device,
  type DeviceUpdate,
  type FloorModelResponse,
  type Gateway,
  type TrackingMap,
} from '@rtls/contract';
import {
  buildFrame,
  createDeviceLocator,
  createLinkWindows,
  observationsFromLinks,
} from '@rtls/positioning';
import { expect, it } from 'vitest';
import { DEMO_GATEWAYS, DEMO_PIXELS_PER_METRE, demoDevice } from '../src/simulator/building.ts';
import { postReports, reportsAt, seedReporter, SPOT } from './demo-reports.ts';
import { bearer, createSignedInUser, describeEachDb, type SignedIn } from './helpers.ts';
import { clientSocket, connected, socketsOfEachTest, type ClientSocket } from './live-client.ts';
import { createMapOf } from './maps-api.ts';
import { payloadErrors } from './socket-payloads.ts';

/** The second map: the demo layout again, with gateways of its own (placed by the test). */
const NORTH = DEMO_GATEWAYS.map((g, i) => ({
  mac: `AC:23:3F:B0:00:${(i + 1).toString(16).padStart(2, '0').toUpperCase()}`,
  x: g.x,
  y: g.y,
}));

const demoReports = (device: string, at: number) => reportsAt(device, at);
const northReports = (device: string, at: number) => reportsAt(device, at, NORTH);

describeEachDb(
  'one authority for positions',
  (t) => {
    const open = socketsOfEachTest();

    let owner: SignedIn;
    let viewer: SignedIn;
    let stranger: SignedIn;
    let key: string;
    /** The demo map (private, shared with the viewer) and a second map of the owner. */
    let demoMap: string;
    let northMap: string;
    /** A map of the owner with gateways that never hear the test tags. */
    let quietMap: string;

    const api = (
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      token: string,
      payload?: object,
    ) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

    const createMap = (name: string) =>
      createMapOf(t.app, owner.token, {
        name,
        settings: { pixelsPerMetre: DEMO_PIXELS_PER_METRE },
      });

    t.setup(async () => {
      ({ owner, key, mapId: demoMap } = await seedReporter(t, { devices: 8, gateways: 8 }));
      viewer = await createSignedInUser(t.built, 'viewer');
      stranger = await createSignedInUser(t.built, 'stranger');
      northMap = await createMap('Warehouse North');
      quietMap = await createMap('Quiet annex');
      for (const g of NORTH) {
        const position = { x: g.x * DEMO_PIXELS_PER_METRE, y: g.y * DEMO_PIXELS_PER_METRE };
        const placed = await api('POST', `/api/gateways/map/${northMap}`, owner.token, {
          mac: g.mac,
          position,
        });
        expect(placed.statusCode).toBe(201);
      }
      const quiet = { mac: 'AC:23:3F:C0:00:01', position: { x: 50, y: 50 } };
      expect(
        (await api('POST', `/api/gateways/map/${quietMap}`, owner.token, quiet)).statusCode,
      ).toBe(201);
      const share = { userId: viewer.email, role: 'viewer' };
      expect(
        (await api('POST', `/api/maps/${demoMap}/collaborators`, owner.token, share)).statusCode,
      ).toBe(201);
    });

    const ingest = async (reports: unknown[]) => {
      const res = await postReports(t.app, key, reports);
      expect(res.json()).toMatchObject({ accepted: reports.length });
    };

    /** A connected socket of the user that has asked to watch these maps, and what it hears. */
    async function watcher(token: string, mapIds: string[]) {
      const s = clientSocket(t.baseUrl, token);
      open.push(s);
      const heard: DeviceUpdate[] = [];
      s.on('device_update', (...us) => heard.push(...us));
      await connected(s);
      const ack = await s.emitWithAck('watch_maps', { mapIds });
      return { s, heard, ack };
    }

    /** Everything the socket had been sent before now has arrived (one ordered stream). */
    const caughtUp = (s: ClientSocket) =>
      new Promise<void>((resolve) => {
        s.once('pong', () => resolve());
        s.emit('ping');
      });

    const positionedOn = (heard: DeviceUpdate[], mac: string, mapId: string) =>
      heard.filter((u) => u.mac === mac && u.mapId === mapId && u.position);

    async function devicesOn(mapId: string, token: string) {
      const res = await api('GET', `/api/maps/${mapId}/devices`, token);
      return { status: res.statusCode, devices: (res.json() as { devices?: Device[] }).devices };
    }

    it('publishes, with default settings, the position the positioning package computes', async () => {
      const mac = demoDevice(4).mac;
      const { heard } = await watcher(owner.token, [demoMap]);
      const reports = demoReports(mac, Date.now() - 200);
      await ingest(reports);
      // A loaded machine may take long over a map's first locate (its site model, its workers).
      await expect
        .poll(() => positionedOn(heard, mac, demoMap).length, { timeout: 30_000 })
        .toBeGreaterThan(0);
      // The first fix of a device no locator has seen yet (later ones continue its track).
      const published = positionedOn(heard, mac, demoMap)[0]!;
      expect(payloadErrors('device_update', [published])).toEqual([]);

      // What the console would compute: the same map, floor model and gateways, the same reports,
      // at the time the server located the device.
      const map = (await api('GET', `/api/maps/${demoMap}`, owner.token)).json().map as TrackingMap;
      const { floorModel } = (
        await api('GET', `/api/maps/${demoMap}/floor-model`, owner.token)
      ).json() as FloorModelResponse;
      const gateways = (await api('GET', `/api/gateways/map/${demoMap}`, owner.token)).json()
        .gateways as Gateway[];
      const device = (await api('GET', '/api/devices', owner.token))
        .json()
        .devices.find((d: Device) => d.mac === mac) as Device;
      const links = createLinkWindows();
      for (const r of reports) links.add(mac, r.gateway, r.rssi, r.timestamp);
      const nowMs = Date.parse(published.triangulationInfo!.lastCalculated);
      const locator = createDeviceLocator({
        mode: device.positioningMode,
        settings: DEFAULT_TRIANGULATION,
      });
      const expected = locator.update(
        buildFrame({ ...map, floorModel }, gateways),
        observationsFromLinks(links.summaries(mac, nowMs), nowMs),
        nowMs,
      );
      expect(expected).not.toBeNull();
      expect(published.position).toEqual(expected!.position);
      expect(published.triangulationInfo).toEqual(expected!.triangulationInfo);
      // The owner's device lists carry where the device is now, on which map.
      for (const url of ['/api/devices', '/api/devices/monitored']) {
        const listed = (await api('GET', url, owner.token))
          .json()
          .devices.find((d: Device) => d.mac === mac) as Device;
        const now = positionedOn(heard, mac, demoMap).at(-1)!;
        expect(listed).toMatchObject({ mapId: demoMap, position: now.position });
      }
    }, 90_000);

    it('places a device heard on two maps on both, and never on a map that did not hear it', async () => {
      const mac = demoDevice(0).mac;
      const { heard, ack } = await watcher(owner.token, [demoMap, northMap, quietMap]);
      expect(ack).toEqual({ watching: [demoMap, northMap, quietMap], refused: [] });
      const quietOnly = await watcher(owner.token, [quietMap]);
      const at = Date.now() - 100;
      await ingest([...demoReports(mac, at), ...northReports(mac, at)]);
      await expect.poll(() => positionedOn(heard, mac, northMap).length).toBeGreaterThan(0);
      await expect.poll(() => positionedOn(heard, mac, demoMap).length).toBeGreaterThan(0);
      expect(heard.filter((u) => u.mac === mac && u.mapId === quietMap)).toEqual([]);

      for (const mapId of [demoMap, northMap]) {
        const { devices } = await devicesOn(mapId, owner.token);
        const d = devices!.find((x) => x.mac === mac);
        expect(d).toMatchObject({ mapId, position: expect.any(Object) });
      }
      expect((await devicesOn(quietMap, owner.token)).devices).toEqual([]);
      // The owner's socket that watches only the quiet map hears the device without a position.
      await caughtUp(quietOnly.s);
      const there = quietOnly.heard.filter((u) => u.mac === mac);
      expect(there.length).toBeGreaterThan(0);
      for (const u of there) expect(u).toMatchObject({ mapId: null, position: null });
    });

    it('shows a viewer and any user of a public map what is on it, and nobody anything else', async () => {
      const onBoth = demoDevice(1).mac;
      const demoOnly = demoDevice(2).mac;
      const made = await api('PUT', `/api/maps/${northMap}`, owner.token, {
        name: 'Warehouse North',
        isPublic: true,
      });
      expect(made.statusCode).toBe(200);
      const own = await watcher(owner.token, [demoMap]);
      const view = await watcher(viewer.token, [demoMap, northMap]);
      const strange = await watcher(stranger.token, [demoMap, northMap]);
      expect(view.ack).toEqual({ watching: [demoMap, northMap], refused: [] });
      expect(strange.ack).toEqual({ watching: [northMap], refused: [demoMap] });

      const at = Date.now() - 100;
      await ingest([
        ...demoReports(onBoth, at),
        ...northReports(onBoth, at),
        ...demoReports(demoOnly, at),
      ]);
      await expect
        .poll(() => positionedOn(view.heard, demoOnly, demoMap).length)
        .toBeGreaterThan(0);
      await expect.poll(() => positionedOn(view.heard, onBoth, northMap).length).toBeGreaterThan(0);
      await expect
        .poll(() => positionedOn(strange.heard, onBoth, northMap).length)
        .toBeGreaterThan(0);
      await expect.poll(() => positionedOn(own.heard, demoOnly, demoMap).length).toBeGreaterThan(0);
      await caughtUp(strange.s);
      // The stranger hears only the public map's positions; nothing of the device only on the
      // private map, and no update without a position (those are the owner's).
      expect(strange.heard.every((u) => u.mapId === northMap && u.position)).toBe(true);
      expect(strange.heard.some((u) => u.mac === demoOnly)).toBe(false);
      // Readers see the device, not the owner's network addresses.
      for (const u of [...view.heard, ...strange.heard])
        for (const s of Object.values(u.signal)) expect(s.ip ?? null).toBeNull();

      const viewerDemo = await devicesOn(demoMap, viewer.token);
      expect(viewerDemo.devices!.map((d) => d.mac)).toEqual(
        expect.arrayContaining([demoOnly, onBoth]),
      );
      expect(await devicesOn(demoMap, stranger.token)).toMatchObject({ status: 404 });
      const strangerNorth = await devicesOn(northMap, stranger.token);
      expect(strangerNorth.devices!.map((d) => d.mac)).toContain(onBoth);
      expect(strangerNorth.devices!.map((d) => d.mac)).not.toContain(demoOnly);
    });

    it('ends a reader’s live positions as soon as access ends', async () => {
      const mac = demoDevice(3).mac;
      const view = await watcher(viewer.token, [demoMap]);
      const own = await watcher(owner.token, [demoMap]);
      expect(view.ack.watching).toEqual([demoMap]);
      const removed = await api(
        'DELETE',
        `/api/maps/${demoMap}/collaborators/${viewer.id}`,
        owner.token,
      );
      expect(removed.statusCode).toBe(200);
      await expect
        .poll(() => t.built.hub.io.of('/').adapter.rooms.get(`map:${demoMap}`)?.size)
        .toBe(1);
      await ingest(demoReports(mac, Date.now() - 100));
      await expect.poll(() => positionedOn(own.heard, mac, demoMap).length).toBeGreaterThan(0);
      await caughtUp(view.s);
      expect(view.heard.filter((u) => u.mapId === demoMap)).toEqual([]);
      expect(await devicesOn(demoMap, viewer.token)).toMatchObject({ status: 404 });
    });

    it('ends a stranger’s live positions as soon as a public map is made private', async () => {
      await api('PUT', `/api/maps/${northMap}`, owner.token, {
        name: 'Warehouse North',
        isPublic: true,
      });
      const strange = await watcher(stranger.token, [northMap]);
      expect(strange.ack.watching).toEqual([northMap]);
      const watchers = () => t.built.hub.io.of('/').adapter.rooms.get(`map:${northMap}`);
      const before = watchers()?.size ?? 0;
      const made = await api('PUT', `/api/maps/${northMap}`, owner.token, {
        name: 'Warehouse North',
        isPublic: false,
      });
      expect(made.statusCode).toBe(200);
      await expect.poll(() => watchers()?.has(strange.s.id!) ?? false).toBe(false);
      expect(watchers()?.size ?? 0).toBe(before - 1);
      expect(await devicesOn(northMap, stranger.token)).toMatchObject({ status: 404 });
      const again = await strange.s.emitWithAck('watch_maps', { mapIds: [northMap] });
      expect(again).toEqual({ watching: [], refused: [northMap] });
    });

    it('moves a device at once when a gateway’s threshold is saved', async () => {
      const mac = demoDevice(5).mac;
      const own = await watcher(owner.token, [demoMap]);
      // One gateway far from the tag hears it loudly (a reflection): it pulls the fix its way.
      const loud = DEMO_GATEWAYS[4]!;
      const reports = demoReports(mac, Date.now() - 100).map((r) =>
        r.gateway === loud.mac ? { ...r, rssi: -45 } : r,
      );
      await ingest(reports);
      await expect.poll(() => positionedOn(own.heard, mac, demoMap).length).toBeGreaterThan(0);
      const before = positionedOn(own.heard, mac, demoMap).at(-1)!;
      expect(before.triangulationInfo!.primaryGateway).toBe(loud.mac);
      const saved = await api('PATCH', `/api/gateways/${loud.mac}/settings`, owner.token, {
        logicThreshold: -40,
        mapId: demoMap,
      });
      expect(saved.statusCode).toBe(200);
      // No new report: the server re-locates from what it holds, without the loud gateway.
      const after = () =>
        positionedOn(own.heard, mac, demoMap).filter(
          (u) => u.triangulationInfo!.primaryGateway !== loud.mac,
        );
      await expect.poll(() => after().length).toBeGreaterThan(0);
      const moved = after().at(-1)!;
      const distance = (p: { x: number; y: number }) =>
        Math.hypot(p.x / DEMO_PIXELS_PER_METRE - SPOT.x, p.y / DEMO_PIXELS_PER_METRE - SPOT.y);
      expect(distance(moved.position!)).toBeLessThan(distance(before.position!));
      const rest = (await devicesOn(demoMap, owner.token)).devices!.find((d) => d.mac === mac)!;
      expect(rest.position).toEqual(moved.position);
    });

    /** A device located on the demo map from one round of reports; its first positioned update. */
    async function locatedOnDemo(mac: string, heard: DeviceUpdate[]) {
      await ingest(demoReports(mac, Date.now() - 100));
      await expect.poll(() => positionedOn(heard, mac, demoMap).length).toBeGreaterThan(0);
      return positionedOn(heard, mac, demoMap).at(-1)!;
    }

    it('re-locates every reader’s view at once with the map owner’s saved triangulation settings', async () => {
      const mac = demoDevice(6).mac;
      const share = { userId: viewer.email, role: 'viewer' };
      await api('POST', `/api/maps/${demoMap}/collaborators`, owner.token, share);
      const own = await watcher(owner.token, [demoMap]);
      const view = await watcher(viewer.token, [demoMap]);
      const before = await locatedOnDemo(mac, own.heard);
      expect(before.triangulationInfo!.method).not.toBe('strongest');
      // The viewer's own settings do not matter for the owner's map.
      await api('PATCH', '/api/user-settings/triangulation', viewer.token, {
        triangulation: { algorithm: 'weighted-centroid' },
      });
      const saved = await api('PATCH', '/api/user-settings/triangulation', owner.token, {
        triangulation: { algorithm: 'strongest' },
      });
      expect(saved.statusCode).toBe(200);
      const strongest = (heard: DeviceUpdate[]) =>
        positionedOn(heard, mac, demoMap).filter(
          (u) => u.triangulationInfo!.method === 'strongest',
        );
      await expect.poll(() => strongest(own.heard).length).toBeGreaterThan(0);
      await expect.poll(() => strongest(view.heard).length).toBeGreaterThan(0);
      expect(strongest(view.heard).at(-1)!.position).toEqual(strongest(own.heard).at(-1)!.position);
      await api('PATCH', '/api/user-settings/triangulation', owner.token, {
        triangulation: { algorithm: DEFAULT_TRIANGULATION.algorithm },
      });
    });

    it('re-locates at once when the map’s scale is saved', async () => {
      const mac = demoDevice(7).mac;
      const own = await watcher(owner.token, [northMap]);
      await ingest(northReports(mac, Date.now() - 100));
      await expect.poll(() => positionedOn(own.heard, mac, northMap).length).toBeGreaterThan(0);
      const before = positionedOn(own.heard, mac, northMap).at(-1)!;
      const saved = await api('PUT', `/api/maps/${northMap}`, owner.token, {
        name: 'Warehouse North',
        settings: { pixelsPerMetre: DEMO_PIXELS_PER_METRE * 2 },
      });
      expect(saved.statusCode).toBe(200);
      const after = () =>
        positionedOn(own.heard, mac, northMap).filter(
          (u) => u.triangulationInfo!.lastCalculated > before.triangulationInfo!.lastCalculated,
        );
      await expect.poll(() => after().length).toBeGreaterThan(0);
      expect(after().at(-1)!.position).not.toEqual(before.position);
    });
  },
  { listen: true },
);
