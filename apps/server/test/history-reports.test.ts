/**
 * History reports on both databases: each figure of the zone report, the device report and the
 * heatmap equals a recount from the raw rows; a viewer of the map reads them, nobody else; bad
 * input is refused with the reason.
 */
import {
  HISTORY_STATE_LOOKBACK_MS,
  type DeviceReportResponse,
  type HeatmapResponse,
  type ZoneReportResponse,
} from '@rtls/contract';
import { expect, it } from 'vitest';
import { bearer, createSignedInUser, describeEachDb, type SignedIn } from './helpers.ts';
import {
  rawPositions,
  rawStays,
  recountHeatmap,
  recountMovement,
  recountZone,
} from './history-recount.ts';
import { api, ownMap, room } from './zones-helpers.ts';

const DAY = 86_400_000;
const MIN = 60_000;
const MACS = ['C3:00:00:00:A0:01', 'C3:00:00:00:A0:02', 'C3:00:00:00:A0:03', 'C3:00:00:00:A0:04'];

/** A small deterministic generator (the same stays on every run). */
function lcg(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

describeEachDb('history reports', (t) => {
  let owner: SignedIn;
  let mapId: string;
  let zones: string[];
  /** A whole second three hours ago: the range reported is the hour and a half after it. */
  const t0 = Math.floor((Date.now() - 3 * 3600_000) / 1000) * 1000;
  const from = t0;
  const to = t0 + 90 * MIN + 30_000;

  const get = (url: string, token = owner.token) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const q = (o: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, String(v)]));
  const iso = (ms: number) => new Date(ms).toISOString();
  const report = (path: string, o: Record<string, string | number>, token?: string) =>
    get(`/api/maps/${mapId}/history/${path}?${q(o)}`, token);

  t.setup(async () => {
    ({ owner, mapId } = await ownMap(t.built));
    const a = api(t.built, owner.token);
    zones = [
      (await a.zone(mapId, 'Atrium', room(0, 0))).id,
      (await a.zone(mapId, 'Bay', room(300, 0))).id,
      (await a.zone(mapId, 'Cellar', room(600, 0))).id,
    ];
    const w = t.built.history.writer;
    const rnd = lcg(7);
    // Stays in the first two zones, some begun before the range or ended after it, overlapping.
    for (const mac of MACS.slice(0, 3)) {
      let at = t0 - 20 * MIN;
      while (at < to + 10 * MIN) {
        const stay = Math.round(rnd() * 25 * MIN);
        const zoneId = zones[Math.floor(rnd() * 2)]!;
        w.visit({
          ownerId: owner.id,
          mac,
          mapId,
          zoneId,
          enteredAt: at,
          exitedAt: at + stay,
          reason: 'left',
        });
        at += stay + Math.round(rnd() * 5 * MIN);
      }
    }
    // Walks: a point every 5 s with a silence of 10 minutes in the middle, and some outside.
    for (const [k, mac] of MACS.entries())
      for (let at = t0 - 2 * MIN; at < to + 2 * MIN; at += 5000) {
        if (at > t0 + 30 * MIN && at < t0 + 40 * MIN) continue;
        w.position({ ownerId: owner.id, mac, mapId, x: 40 * k + rnd() * 500, y: rnd() * 300, at });
      }
    await w.flush();
    // The fourth device is still in the Bay: a stay not ended.
    await t.sql.query(
      `insert into zone_presence (owner_id, mac, map_id, zone_id, state, since, entered_at)
       values ($1, $2, $3, $4, 'in', $5, $5)`,
      [owner.id, MACS[3], mapId, zones[1], iso(t0 + 70 * MIN)],
    );
  });

  it('reports per zone what a recount of the visits gives', async () => {
    const res = await report('zone-report', { from: iso(from), to: iso(to) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ZoneReportResponse;
    expect(body.bucketSeconds).toBe(60);
    expect(body.zones.map((z) => z.name)).toEqual(['Atrium', 'Bay', 'Cellar']);
    const stays = await rawStays(t.sql, mapId, from, to, Date.now());
    expect(stays.some((s) => s.open)).toBe(true);
    for (const z of body.zones) {
      const want = recountZone(
        stays.filter((s) => s.zoneId === z.zoneId),
        from,
        to,
        body.bucketSeconds * 1000,
      );
      expect(z.visits).toBe(want.visits);
      expect(z.totalDwellSeconds).toBeCloseTo(want.seconds, 3);
      expect(z.meanDwellSeconds).toBe(want.visits > 0 ? z.totalDwellSeconds / want.visits : null);
      expect(z.occupancy).toEqual(want.occupancy);
      expect(z.meanOccupancy).toHaveLength(want.meanOccupancy.length);
      z.meanOccupancy.forEach((m, b) => expect(m).toBeCloseTo(want.meanOccupancy[b]!, 6));
      expect(z.peak).toEqual(want.peak && { devices: want.peak.devices, at: iso(want.peak.at) });
    }
    // The figures are not all alike: zones were visited, one of them by several devices at once.
    expect(body.zones[2]).toMatchObject({ visits: 0, peak: null, totalDwellSeconds: 0 });
    expect(Math.max(...body.zones.map((z) => z.peak?.devices ?? 0))).toBeGreaterThan(1);
  });

  it('reports no further than now', async () => {
    const res = await report('zone-report', { from: iso(from), to: iso(Date.now() + DAY) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ZoneReportResponse;
    expect(Date.parse(body.to)).toBeLessThanOrEqual(Date.now());
    expect(body.zones[0]!.occupancy.length).toBe(
      Math.ceil((Date.parse(body.to) - from) / (body.bucketSeconds * 1000)),
    );
  });

  it('reports only the zones asked for', async () => {
    const res = await report('zone-report', { from: iso(from), to: iso(to), zones: zones[1]! });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ZoneReportResponse).zones.map((z) => z.name)).toEqual(['Bay']);
  });

  it('reports per device its stays, time per zone, path and time seen as a recount gives', async () => {
    const res = await report('device-report', {
      from: iso(from),
      to: iso(to),
      devices: MACS.join(','),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as DeviceReportResponse;
    const ppm = await pixelsPerMetre();
    const stays = await rawStays(t.sql, mapId, from, to, Date.now());
    const points = await rawPositions(t.sql, mapId, from, to);
    expect(body.devices.map((d) => d.mac)).toEqual(MACS);
    for (const d of body.devices) {
      const own = stays.filter((s) => s.mac === d.mac).sort((x, y) => x.s - y.s || x.e - y.e);
      expect(d.stays.map((s) => [s.zoneId, s.from, s.to, s.open])).toEqual(
        own.map((s) => [s.zoneId, iso(s.s), iso(s.e), s.open]),
      );
      for (const z of d.zones) {
        const inZone = own.filter((s) => s.zoneId === z.zoneId);
        expect(z.visits).toBe(inZone.length);
        expect(z.seconds).toBeCloseTo(
          inZone.reduce((n, s) => n + (s.e - s.s) / 1000, 0),
          3,
        );
      }
      expect(d.zones.reduce((n, z) => n + z.visits, 0)).toBe(own.length);
      const want = recountMovement(
        points.filter((p) => p.mac === d.mac),
        to,
        HISTORY_STATE_LOOKBACK_MS,
      );
      expect(d.pathMetres).toBeCloseTo(want.path / ppm, 2);
      expect(d.seenSeconds).toBeCloseTo(want.seen, 3);
      // Of ten minutes of silence, only the two heartbeats after the last position are seen.
      const silence = 10 * MIN - HISTORY_STATE_LOOKBACK_MS;
      expect(d.seenSeconds).toBeCloseTo((to - from - silence) / 1000, 3);
    }
    expect(body.devices[3]!.stays).toEqual([
      {
        zoneId: zones[1],
        from: iso(t0 + 70 * MIN),
        to: iso(to),
        seconds: (to - t0 - 70 * MIN) / 1000,
        open: true,
      },
    ]);
  });

  /** The map's scale as the heatmap gives it (pixels of a 1 m cell). */
  async function pixelsPerMetre() {
    const res = await report('heatmap', { from: iso(from), to: iso(to), cell: 1 });
    return (res.json() as HeatmapResponse).cellPixels;
  }

  it('counts the positions of a period and the time spent per cell as a recount gives', async () => {
    const res = await report('heatmap', { from: iso(from), to: iso(to), cell: 2.5 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as HeatmapResponse;
    expect(body.cellPixels).toBeCloseTo(2.5 * (await pixelsPerMetre()), 6);
    const raw = await rawPositions(t.sql, mapId, from, to);
    const { counts, seconds } = recountHeatmap(raw, to, body.cellPixels, HISTORY_STATE_LOOKBACK_MS);
    expect(new Map(body.cells.map((c) => [`${c.i},${c.j}`, c.n]))).toEqual(counts);
    expect(body.total).toBe([...counts.values()].reduce((a, b) => a + b, 0));
    expect(body.max).toBe(Math.max(...counts.values()));
    for (const c of body.cells) expect(c.seconds).toBeCloseTo(seconds.get(`${c.i},${c.j}`)!, 3);
    expect(body.totalSeconds).toBeCloseTo(
      [...seconds.values()].reduce((a, b) => a + b, 0),
      3,
    );
    expect(body.maxSeconds).toBeCloseTo(Math.max(...seconds.values()), 3);
    const one = await report('heatmap', { from: iso(from), to: iso(to), devices: MACS[0]! });
    expect((one.json() as HeatmapResponse).total).toBeLessThan(body.total);
  });

  it('lets a viewer of the map read its reports, and nobody else', async () => {
    const viewer = await createSignedInUser(t.built, 'viewer');
    const stranger = await createSignedInUser(t.built, 'stranger');
    await t.built.repos.maps.setCollaborator(mapId, viewer.id, 'viewer');
    const { mapId: otherMap } = await ownMap(t.built);
    await t.built.repos.maps.setCollaborator(otherMap, stranger.id, 'viewer');
    const range = { from: iso(from), to: iso(to) };
    const calls: [string, Record<string, string>][] = [
      ['zone-report', range],
      ['device-report', { ...range, devices: MACS[0]! }],
      ['heatmap', range],
    ];
    for (const [path, o] of calls) {
      expect((await report(path, o, viewer.token)).statusCode, path).toBe(200);
      const refused = await report(path, o, stranger.token);
      expect(refused.statusCode, path).toBe(404);
      expect(refused.body).not.toContain(MACS[0]);
      expect(refused.body).not.toContain('Atrium');
    }
  });

  it('refuses bad input with the reason', async () => {
    const range = { from: iso(from), to: iso(to) };
    const cases: [string, Record<string, string | number>, number, RegExp][] = [
      ['zone-report', { from: iso(to), to: iso(from) }, 400, /empty or inverted/],
      ['heatmap', { from: iso(from), to: iso(from) }, 400, /empty or inverted/],
      [
        'device-report',
        { from: iso(t0 - 900 * DAY), to: iso(t0 - 800 * DAY), devices: MACS[0]! },
        400,
        /beyond retention/,
      ],
      ['heatmap', { from: iso(t0 - 400 * DAY), to: iso(t0 - 300 * DAY) }, 400, /beyond retention/],
      ['zone-report', { from: 'soon', to: iso(to) }, 400, /from is not a time/],
      [
        'heatmap',
        { from: iso(Date.now() + DAY), to: iso(Date.now() + 2 * DAY) },
        400,
        /in the future/,
      ],
      ['zone-report', { ...range, zones: 'no-such-zone' }, 404, /Zone no-such-zone not found/],
      ['device-report', { ...range, devices: 'C3:00:00:00:00:99' }, 404, /Device .* not found/],
      ['device-report', range, 400, /devices/],
      ['device-report', { ...range, devices: ',' }, 400, /devices must be/],
      ['heatmap', { ...range, cell: 0 }, 400, /cell/],
      ['heatmap', { ...range, cell: 'wide' }, 400, /cell/],
    ];
    const many = Array.from(
      { length: 51 },
      (_, k) => `C3:00:00:01:00:${String(k).padStart(2, '0')}`,
    );
    cases.push(['device-report', { ...range, devices: many.join(',') }, 400, /at most 50 devices/]);
    for (const [path, o, status, reason] of cases) {
      const res = await report(path, o);
      expect(res.statusCode, `${path} ${JSON.stringify(o)}: ${res.body}`).toBe(status);
      expect((res.json() as { message: string }).message).toMatch(reason);
    }
  });

  it('puts every report in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const p of ['zone-report', 'device-report', 'heatmap'])
      expect(paths).toContain(`/api/maps/{id}/history/${p}`);
  });
});
