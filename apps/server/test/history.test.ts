/**
 * History on both databases: partitions made ahead and dropped past retention, the state at a
 * moment, pages of positions, zone visits, CSV exports that carry every row, bad input refused with
 * the reason, and map roles (a viewer of the map reads it, nobody else).
 */
import type {
  HistoryPositionsResponse,
  HistoryStateResponse,
  HistoryVisitsResponse,
} from '@rtls/contract';
import { expect, it } from 'vitest';
import { demoDevice } from '../src/simulator/building.ts';
import { dayPartition } from '../src/modules/history/partitions.ts';
import { newTrack } from '../src/modules/presence/tracker.ts';
import { postReports, reportsAt, seedReporter } from './demo-reports.ts';
import { bearer, createSignedInUser, describeEachDb, queryOf, type SignedIn } from './helpers.ts';
import { api, ownMap, room } from './zones-helpers.ts';

const DAY = 86_400_000;
const DEV = demoDevice(0).mac;
const OTHER = 'C3:00:00:00:BB:02';

describeEachDb('history', (t) => {
  let owner: SignedIn;
  let mapId: string;
  let zoneId: string;
  /** A whole second two hours ago: the tests' positions start there. */
  const t0 = Math.floor((Date.now() - 2 * 3600_000) / 1000) * 1000;

  const get = (url: string, token = owner.token) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const iso = (ms: number) => new Date(ms).toISOString();

  t.setup(async () => {
    ({ owner, mapId } = await ownMap(t.built));
    zoneId = (await api(t.built, owner.token).zone(mapId, 'Imaging', room(0, 0))).id;
    const w = t.built.history.writer;
    // DEV walks 20 px a second for 30 s; OTHER stands at one spot from t0 + 0.5 s.
    for (let s = 0; s < 30; s++)
      w.position({ ownerId: owner.id, mac: DEV, mapId, x: 100 + 20 * s, y: 50, at: t0 + s * 1000 });
    w.position({ ownerId: owner.id, mac: OTHER, mapId, x: 7, y: 8, at: t0 + 500 });
    w.visit({
      ownerId: owner.id,
      mac: DEV,
      mapId,
      zoneId,
      enteredAt: t0 + 2000,
      exitedAt: t0 + 12_000,
      reason: 'left',
    });
    await w.flush();
  });

  it('creates the partitions of the coming days ahead of time', async () => {
    const now = Date.now();
    await t.built.history.maintain(now);
    const names = (await t.built.history.partitions.list('history_positions')).map((p) => p.name);
    for (let d = 0; d <= 3; d++) expect(names).toContain(dayPartition(now + d * DAY).name);
    const cells = (await t.built.history.partitions.list('history_cells')).map((p) => p.name);
    for (let d = 0; d <= 3; d++)
      expect(cells).toContain(dayPartition(now + d * DAY, 'history_cells').name);
    const months = await t.built.history.partitions.list('history_visits');
    expect(months.some((p) => p.from <= now && now < p.to)).toBe(true);
  });

  it('keeps the positions the server shows: a located device becomes history of its map', async () => {
    const reporter = await seedReporter(t, { devices: 1, gateways: 8 });
    const rowsOf = async () =>
      Number(
        (
          await t.sql.query<{ n: number }>(
            `select count(*)::int as n from history_positions p
             join history_series s on s.id = p.series
             where s.owner_id = $1 and s.map_id = $2 and s.mac = $3`,
            [reporter.owner.id, reporter.mapId, DEV],
          )
        )[0]!.n,
      );
    expect((await postReports(t.app, reporter.key, reportsAt(DEV, Date.now()))).statusCode).toBe(
      200,
    );
    await expect
      .poll(async () => {
        await t.built.positions.service.settle();
        await t.built.history.writer.flush();
        return rowsOf();
      })
      .toBeGreaterThan(0);
  });

  it('keeps a zone stay as a visit when presence says it ended', async () => {
    const mac = 'C3:00:00:00:EE:06';
    const track = newTrack(owner.id, mac, mapId, t0);
    t.built.history.presence.changed(track, [
      { kind: 'exit', zoneId, at: t0 + 40_000, reason: 'unknown', enteredAt: t0 + 30_000 },
    ]);
    await t.built.history.writer.flush();
    const res = await get(
      `/api/maps/${mapId}/history/visits?${queryOf({ from: iso(t0), to: iso(t0 + 60_000), devices: mac })}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as HistoryVisitsResponse).visits).toMatchObject([
      { mac, zoneId, dwellSeconds: 10, exitReason: 'unknown' },
    ]);
  });

  it('answers the state at a moment: each device at its last position at or before it', async () => {
    const res = await get(`/api/maps/${mapId}/history/state?${queryOf({ at: iso(t0 + 3500) })}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as HistoryStateResponse;
    const byMac = new Map(body.devices.map((d) => [d.mac, d]));
    expect(byMac.get(DEV)).toMatchObject({ x: 160, y: 50, at: iso(t0 + 3000) });
    expect(byMac.get(OTHER)).toMatchObject({ x: 7, y: 8, at: iso(t0 + 500) });
    // Before any position, nobody; long after the last, nobody either (they fell silent).
    const before = (
      await get(`/api/maps/${mapId}/history/state?${queryOf({ at: iso(t0 - 1) })}`)
    ).json();
    expect((before as HistoryStateResponse).devices).toEqual([]);
    const after = await get(
      `/api/maps/${mapId}/history/state?${queryOf({ at: iso(t0 + 3600_000) })}`,
    );
    expect((after.json() as HistoryStateResponse).devices).toEqual([]);
    const one = await get(
      `/api/maps/${mapId}/history/state?${queryOf({ at: iso(t0 + 3500), devices: OTHER })}`,
    );
    expect((one.json() as HistoryStateResponse).devices.map((d) => d.mac)).toEqual([OTHER]);
  });

  it('pages through the positions of a range, every point once and in order', async () => {
    const points: { mac: string; at: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string | number> = {
        from: iso(t0),
        to: iso(t0 + 60_000),
        limit: 7,
      };
      if (cursor) query.cursor = cursor;
      const res = await get(`/api/maps/${mapId}/history/positions?${queryOf(query)}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as HistoryPositionsResponse;
      for (const d of body.devices) for (const p of d.points) points.push({ mac: d.mac, at: p.at });
      cursor = body.next;
      pages++;
    } while (cursor && pages < 20);
    expect(points.filter((p) => p.mac === DEV).map((p) => p.at)).toEqual(
      Array.from({ length: 30 }, (_, s) => iso(t0 + s * 1000)),
    );
    expect(points.filter((p) => p.mac === OTHER)).toHaveLength(1);
  });

  it('lists the zone visits overlapping a range', async () => {
    const res = await get(
      `/api/maps/${mapId}/history/visits?${queryOf({ from: iso(t0 + 10_000), to: iso(t0 + 20_000), zones: zoneId })}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as HistoryVisitsResponse).visits).toEqual([
      {
        mac: DEV,
        zoneId,
        enteredAt: iso(t0 + 2000),
        exitedAt: iso(t0 + 12_000),
        dwellSeconds: 10,
        exitReason: 'left',
      },
    ]);
    const later = await get(
      `/api/maps/${mapId}/history/visits?${queryOf({ from: iso(t0 + 13_000), to: iso(t0 + 20_000) })}`,
    );
    expect((later.json() as HistoryVisitsResponse).visits).toEqual([]);
  });

  it('exports every position of a range as CSV, streamed in batches', async () => {
    // More rows than one read takes (500 on PGlite, 5000 on PostgreSQL).
    const w = t.built.history.writer;
    const base = t0 + 600_000;
    for (let s = 0; s < 5_200; s++)
      w.position({
        ownerId: owner.id,
        mac: 'C3:00:00:00:CC:03',
        mapId,
        x: 40 * s,
        y: 2 * s,
        at: base + s * 1000,
      });
    await w.flush();
    const res = await get(
      `/api/maps/${mapId}/history/export?${queryOf({ kind: 'positions', from: iso(base), to: iso(base + 5_200_000), devices: 'C3:00:00:00:CC:03' })}`,
    );
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,device,device_name,x,y');
    expect(lines).toHaveLength(5_201);
    expect(lines[1]).toBe(`${iso(base)},C3:00:00:00:CC:03,,0,0`);
    expect(lines[5_200]).toBe(`${iso(base + 5_199_000)},C3:00:00:00:CC:03,,207960,10398`);
  });

  it('exports zone visits with the zone name', async () => {
    const res = await get(
      `/api/maps/${mapId}/history/export?${queryOf({ kind: 'visits', from: iso(t0), to: iso(t0 + 60_000), devices: DEV })}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'device,device_name,zone_id,zone_name,entered_at,exited_at,dwell_seconds,exit_reason',
    );
    expect(lines.slice(1)).toEqual([
      `${DEV},${demoDevice(0).name},${zoneId},Imaging,${iso(t0 + 2000)},${iso(t0 + 12_000)},10,left`,
    ]);
  });

  it('exports the events of a range, with the zone name', async () => {
    await t.built.zoneMonitoring.repos.events.record({
      mapId,
      type: 'enter',
      at: t0 + 5000,
      zoneId,
      mac: DEV,
      detail: { zoneName: 'Imaging' },
    });
    const res = await get(
      `/api/maps/${mapId}/history/export?${queryOf({ kind: 'events', from: iso(t0), to: iso(t0 + 60_000), zones: zoneId })}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,type,zone_id,zone_name,device,gateway,detail');
    expect(lines.slice(1)).toEqual([
      `${iso(t0 + 5000)},enter,${zoneId},Imaging,${DEV},,"{""zoneName"":""Imaging""}"`,
    ]);
  });

  it('refuses bad input with the reason', async () => {
    const url = (path: string, o: Record<string, string | number>) =>
      `/api/maps/${mapId}/history/${path}?${queryOf(o)}`;
    const cases: [string, number, RegExp][] = [
      [url('positions', { from: iso(t0 + 10), to: iso(t0) }), 400, /empty or inverted/],
      [url('positions', { from: iso(t0), to: iso(t0) }), 400, /empty or inverted/],
      [url('positions', { from: 'yesterday', to: iso(t0) }), 400, /from is not a time/],
      [
        url('positions', { from: iso(t0 - 400 * DAY), to: iso(t0 - 300 * DAY) }),
        400,
        /beyond retention/,
      ],
      [url('state', { at: iso(t0 - 400 * DAY) }), 400, /beyond retention/],
      [url('positions', { from: iso(t0), to: iso(t0 + 1), cursor: 'nope' }), 400, /cursor/],
      [
        url('positions', { from: iso(t0), to: iso(t0 + 1), devices: 'C3:00:00:00:00:99' }),
        404,
        /Device .* not found/,
      ],
      [
        url('visits', { from: iso(t0), to: iso(t0 + 1), zones: 'no-such-zone' }),
        404,
        /Zone no-such-zone not found/,
      ],
      [url('export', { kind: 'everything', from: iso(t0), to: iso(t0 + 1) }), 400, /kind/],
      [url('positions', { from: iso(t0), to: iso(t0 + 1), limit: 0 }), 400, /limit/],
    ];
    for (const [u, status, reason] of cases) {
      const res = await get(u);
      expect(res.statusCode, `${u}: ${res.body}`).toBe(status);
      expect((res.json() as { message: string }).message).toMatch(reason);
    }
  });

  it('lets a viewer of the map read its history, and nobody else', async () => {
    const viewer = await createSignedInUser(t.built, 'viewer');
    const stranger = await createSignedInUser(t.built, 'stranger');
    await t.built.repos.maps.setCollaborator(mapId, viewer.id, 'viewer');
    // The stranger is a viewer of a map of their own choosing, not of this one.
    const { mapId: otherMap } = await ownMap(t.built);
    await t.built.repos.maps.setCollaborator(otherMap, stranger.id, 'viewer');
    const paths = [
      `state?${queryOf({ at: iso(t0 + 3500) })}`,
      `positions?${queryOf({ from: iso(t0), to: iso(t0 + 60_000) })}`,
      `visits?${queryOf({ from: iso(t0), to: iso(t0 + 60_000) })}`,
      `export?${queryOf({ kind: 'positions', from: iso(t0), to: iso(t0 + 60_000) })}`,
    ];
    for (const p of paths) {
      expect((await get(`/api/maps/${mapId}/history/${p}`, viewer.token)).statusCode).toBe(200);
      const refused = await get(`/api/maps/${mapId}/history/${p}`, stranger.token);
      expect(refused.statusCode, p).toBe(404);
      expect(refused.body).not.toContain(DEV);
    }
    // Nor does the owner of the other map read this one through their own.
    const state = await get(
      `/api/maps/${otherMap}/history/state?${queryOf({ at: iso(t0 + 3500) })}`,
    );
    expect(state.statusCode).toBe(404);
  });

  it("drops partitions past the ceiling, and deletes an account's rows past its own retention", async () => {
    const w = t.built.history.writer;
    const now = Date.now();
    const old = now - 120 * DAY;
    const mid = now - 10 * DAY;
    w.position({ ownerId: owner.id, mac: 'C3:00:00:00:DD:04', mapId, x: 1, y: 1, at: old });
    w.position({ ownerId: owner.id, mac: 'C3:00:00:00:DD:05', mapId, x: 2, y: 2, at: mid });
    await w.flush();
    // The heatmap's summary of the day 10 days ago (the day 120 days ago is past the ceiling).
    await t.built.history.sumCells(now);
    const names = async () =>
      (await t.built.history.partitions.list('history_positions')).map((p) => p.name);
    expect(await names()).toContain(dayPartition(old).name);
    const cellsBefore = async (at: number) =>
      (
        await t.sql.query<{ n: number }>(
          'select count(*)::int as n from history_cells where owner_id = $1 and bucket < $2',
          [owner.id, iso(at)],
        )
      )[0]!.n;
    expect(await cellsBefore(now - 7 * DAY)).toBeGreaterThan(0);

    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/history/retention',
      headers: bearer(owner.token),
      payload: { positionsDays: 7, visitsDays: 30 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const { dropped } = await t.built.history.maintain(now);
    expect(dropped).toContain(dayPartition(old).name);
    expect(await names()).not.toContain(dayPartition(old).name);
    // The day 10 days ago is kept for other accounts, but this one keeps 7 days.
    expect(await names()).toContain(dayPartition(mid).name);
    const rows = await t.sql.query<{ n: number }>(
      'select count(*)::int as n from history_positions where at < $1',
      [iso(now - 7 * DAY)],
    );
    expect(rows[0]!.n).toBe(0);
    expect(await cellsBefore(now - 7 * DAY)).toBe(0);
    const tooLong = await t.app.inject({
      method: 'PUT',
      url: '/api/history/retention',
      headers: bearer(owner.token),
      payload: { positionsDays: 91, visitsDays: 30 },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: expect.stringMatching(/at most 90 days/) });
  });
});
