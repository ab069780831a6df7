/**
 * Zone stays the database does not hold as ended rows yet, on both databases: a stay that ended a
 * moment ago and is not written, and a stay not ended (the device in the zone, or unknown for now),
 * each listed once by the zone visits answer.
 */
import type { HistoryVisitsResponse } from '@rtls/contract';
import { expect, it } from 'vitest';
import { bearer, describeEachDb, queryOf, type SignedIn } from './helpers.ts';
import { api, ownMap, room } from './zones-helpers.ts';

const OTHER = 'C3:00:00:00:BB:02';
/** A whole second two hours ago: the tests' stays start there. */
const t0 = Math.floor((Date.now() - 2 * 3600_000) / 1000) * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

describeEachDb('zone stays not written or not ended', (t) => {
  // The account, its map and the zone on it, made once per database.
  let owner: SignedIn;
  let mapId = '';
  let zoneId = '';
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(owner.token) });

  t.setup(async () => {
    ({ owner, mapId } = await ownMap(t.built));
    zoneId = (await api(t.built, owner.token).zone(mapId, 'Imaging', room(0, 0))).id;
    // OTHER has a history on the map (a visits answer lists the map's devices with one).
    t.built.history.writer.position({ ownerId: owner.id, mac: OTHER, mapId, x: 7, y: 8, at: t0 });
    await t.built.history.writer.flush();
  });

  it('lists a stay that ended a moment ago once, written or not yet', async () => {
    const mac = 'C3:00:00:00:EE:07';
    const w = t.built.history.writer;
    w.position({ ownerId: owner.id, mac, mapId, x: 10, y: 10, at: t0 + 30_000 });
    await w.flush();
    w.visit({
      ownerId: owner.id,
      mac,
      mapId,
      zoneId,
      enteredAt: t0 + 31_000,
      exitedAt: t0 + 41_000,
      reason: 'left',
    });
    const visitsOf = async () =>
      (
        (
          await get(
            `/api/maps/${mapId}/history/visits?${queryOf({ from: iso(t0), to: iso(t0 + 60_000), devices: mac })}`,
          )
        ).json() as HistoryVisitsResponse
      ).visits;
    const ended = { mac, zoneId, enteredAt: iso(t0 + 31_000), exitedAt: iso(t0 + 41_000) };
    expect(await visitsOf()).toMatchObject([{ ...ended, dwellSeconds: 10, exitReason: 'left' }]);
    await w.flush();
    expect(await visitsOf()).toMatchObject([ended]);
  });

  it('lists a stay not ended as an open visit, also while its device cannot be told', async () => {
    const entered = t0 + 20_000;
    const visitsOfOther = async () =>
      (
        (
          await get(
            `/api/maps/${mapId}/history/visits?${queryOf({ from: iso(t0), to: iso(t0 + 60_000), devices: OTHER })}`,
          )
        ).json() as HistoryVisitsResponse
      ).visits;
    const open = { mac: OTHER, zoneId, enteredAt: iso(entered), exitedAt: null, exitReason: null };
    try {
      for (const state of ['in', 'unknown']) {
        await t.sql.query(
          `insert into zone_presence (owner_id, mac, map_id, zone_id, state, since, entered_at)
           values ($1, $2, $3, $4, $5, $6, $6)
           on conflict (owner_id, mac, map_id) do update set state = excluded.state`,
          [owner.id, OTHER, mapId, zoneId, state, iso(entered)],
        );
        expect(await visitsOfOther(), state).toMatchObject([open]);
      }
      // Its end written before the presence says so: listed once, ended.
      const ended = { ...open, exitedAt: iso(entered + 5_000), exitReason: 'left' };
      t.built.history.writer.visit({
        ownerId: owner.id,
        mac: OTHER,
        mapId,
        zoneId,
        enteredAt: entered,
        exitedAt: entered + 5_000,
        reason: 'left',
      });
      expect(await visitsOfOther()).toMatchObject([ended]);
      await t.built.history.writer.flush();
      expect(await visitsOfOther()).toMatchObject([ended]);
      // Out of every zone: the ended stay only.
      await t.sql.query(
        `update zone_presence set state = 'none', zone_id = null, entered_at = null
          where owner_id = $1 and mac = $2`,
        [owner.id, OTHER],
      );
      expect(await visitsOfOther()).toMatchObject([ended]);
    } finally {
      await t.sql.query('delete from zone_presence where owner_id = $1 and mac = $2', [
        owner.id,
        OTHER,
      ]);
      await t.sql.query('delete from history_visits where zone_id = $1 and entered_at = $2', [
        zoneId,
        iso(entered),
      ]);
    }
  });
});
