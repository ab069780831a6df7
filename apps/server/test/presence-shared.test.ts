/**
 * Presence with several instances: each tracks the devices it locates, and a reader asking any
 * instance sees every instance's devices; a device another instance stopped hearing turns unknown;
 * an entry is saved at once; a device handed back to an instance that located it long ago keeps the
 * zone it entered meanwhile; an instance that stopped locating a device another one locates lets it
 * go without turning it unknown or exiting it, and a device nobody locates exits as on one instance.
 */
import type { ZonePresence } from '@rtls/contract';
import { expect, it, vi } from 'vitest';
import { presenceRepository } from '../src/modules/presence/repository.ts';
import { createPresenceService } from '../src/modules/presence/service.ts';
import { zonesRepository } from '../src/modules/zones/repository.ts';
import { describeEachDb } from './helpers.ts';
import { api, ownMap, room } from './zones-helpers.ts';

describeEachDb('presence shared by instances', (t) => {
  /** One instance's presence, on the shared database, driven by `clock`. */
  const instance = (clock: { now: number }) =>
    createPresenceService({
      repo: presenceRepository(t.sql),
      zones: zonesRepository(t.sql),
      locatedOf: () => [],
      timers: false,
      shared: true,
      now: () => clock.now,
    });

  /** The kinds of transitions each instance announces, in order. */
  const transitionsOf = (instances: Record<'a' | 'b', ReturnType<typeof instance>>) => {
    const kinds = { a: [] as string[], b: [] as string[] };
    for (const name of ['a', 'b'] as const)
      instances[name].listen({
        changed: (_t, transitions) => kinds[name].push(...transitions.map((tr) => tr.kind)),
      });
    return kinds;
  };

  it("answers every instance's devices, with a device no longer heard as unknown", async () => {
    const { owner, mapId } = await ownMap(t.built);
    const ward = await api(t.built, owner.token).zone(mapId, 'Ward', room(0, 0));
    const t0 = Date.now();
    const clock = { now: t0 };
    const [a, b] = [instance(clock), instance(clock)];
    const fix = { mapId, position: { x: 100, y: 100 }, triangulationInfo: { confidence: 0.9 } };
    await Promise.all([a.map(mapId), b.map(mapId)]);
    for (let s = 0; s < 8; s++) {
      a.observe(owner.id, 'AA:00:00:00:00:0A', fix, clock.now);
      b.observe(owner.id, 'AA:00:00:00:00:0B', fix, clock.now);
      clock.now += 1000;
    }
    // Device A was heard just now, device B never (no heard_devices row): B's own timer decides.
    await t.sql.query(
      `insert into heard_devices (owner_id, mac, first_seen, last_seen) values ($1, $2, $3, $3)`,
      [owner.id, 'AA:00:00:00:00:0A', new Date(clock.now)],
    );
    await Promise.all([a.flush(), b.flush()]);

    const seen = async (now: number) => {
      clock.now = now;
      const { presence, occupancy } = await b.current((await b.map(mapId))!);
      const byMac = Object.fromEntries(presence.map((p: ZonePresence) => [p.mac, p.state]));
      return { byMac, count: occupancy.zones.find((z) => z.zoneId === ward.id)?.count };
    };
    expect(await seen(clock.now)).toEqual({
      byMac: { 'AA:00:00:00:00:0A': 'in', 'AA:00:00:00:00:0B': 'in' },
      count: 2,
    });
    // A minute later instance A has gone quiet: its device reads unknown; B's own is B's to say.
    expect((await seen(clock.now + 60_000)).byMac['AA:00:00:00:00:0A']).toBe('unknown');
    await Promise.all([a.close(), b.close()]);
  });

  it('saves an entry at once, not with the next flush', async () => {
    const { owner, mapId } = await ownMap(t.built);
    const ward = await api(t.built, owner.token).zone(mapId, 'Ward', room(0, 0));
    const clock = { now: Date.now() };
    const a = instance(clock);
    await a.map(mapId);
    const mac = 'AA:00:00:00:00:0D';
    const fix = { mapId, position: { x: 100, y: 100 }, triangulationInfo: { confidence: 0.9 } };
    let entered = false;
    a.listen({ changed: (_t, trs) => (entered ||= trs.some((tr) => tr.kind === 'enter')) });
    for (let s = 0; !entered && s < 30; s++) {
      a.observe(owner.id, mac, fix, clock.now);
      clock.now += 1000;
    }
    expect(entered).toBe(true);
    // No flush, no tick: the entry's save is already under way.
    const saved = () =>
      t.sql.query<{ zone_id: string }>(`select zone_id from zone_presence where mac = $1`, [mac]);
    await vi.waitFor(async () => expect(await saved()).toEqual([{ zone_id: ward.id }]));
    await a.close();
  });

  it('takes over the zone a device entered on another instance when it is handed back, entering nothing again', async () => {
    const { owner, mapId } = await ownMap(t.built);
    await api(t.built, owner.token).zone(mapId, 'Ward', room(0, 0));
    const clock = { now: Date.now() };
    const [a, b] = [instance(clock), instance(clock)];
    const kinds = transitionsOf({ a, b });
    const entries = () =>
      [...kinds.a.map((k) => ['a', k]), ...kinds.b.map((k) => ['b', k])]
        .filter(([, k]) => k === 'enter')
        .map(([name]) => name);
    await Promise.all([a.map(mapId), b.map(mapId)]);
    const mac = 'AA:00:00:00:00:0C';
    const at = (x: number) => ({
      mapId,
      position: { x, y: 100 },
      triangulationInfo: { confidence: 0.9 },
    });
    const steps = async (s: typeof a, x: number, seconds: number) => {
      for (let k = 0; k < seconds; k++) {
        s.observe(owner.id, mac, at(x), clock.now);
        // A saved presence is read in milliseconds, long before the next second's position.
        await s.adopted();
        s.tick(clock.now);
        clock.now += 1000;
      }
      await s.flush();
    };
    // B locates the device outside the ward, then A (the device's partition moved) sees it walk in.
    await steps(b, 5000, 3);
    await steps(a, 100, 10);
    expect(entries()).toEqual(['a']);
    // Handed back to B, whose track still says outside: B takes A's saved presence over.
    await steps(b, 100, 10);
    expect(entries()).toEqual(['a']);
    const { presence } = await b.current((await b.map(mapId))!);
    expect(presence.find((p: ZonePresence) => p.mac === mac)?.state).toBe('in');
    await Promise.all([a.close(), b.close()]);
  });

  it('lets a device located by another instance go, with no unknown and no exit, until nobody locates it', async () => {
    const { owner, mapId } = await ownMap(t.built);
    const ward = await api(t.built, owner.token).zone(mapId, 'Ward', room(0, 0));
    const clock = { now: Date.now() };
    const [a, b] = [instance(clock), instance(clock)];
    const seen = transitionsOf({ a, b });
    await Promise.all([a.map(mapId), b.map(mapId)]);
    const mac = 'AA:00:00:00:00:0E';
    const fix = { mapId, position: { x: 100, y: 100 }, triangulationInfo: { confidence: 0.9 } };
    /** `seconds` of both instances' timers, `locating` (if any) locating the device each second. */
    const run = async (locating: typeof a | null, seconds: number) => {
      for (let k = 0; k < seconds; k++) {
        locating?.observe(owner.id, mac, fix, clock.now);
        for (const s of [a, b]) {
          s.tick(clock.now);
          await s.flush();
          await s.adopted();
        }
        clock.now += 1000;
      }
    };
    const saved = async () =>
      (
        await t.sql.query<{ zone_id: string | null; state: string }>(
          'select zone_id, state from zone_presence where mac = $1 and map_id = $2',
          [mac, mapId],
        )
      )[0];
    await run(a, 10);
    expect(seen.a).toContain('enter');
    seen.a.length = 0;
    // The device's partition moves to B for more than the unknown exit's two minutes.
    await run(b, 150);
    expect(seen.a).toEqual([]);
    expect(seen.b.filter((k) => k === 'enter' || k === 'exit')).toEqual([]);
    expect(await saved()).toEqual({ zone_id: ward.id, state: 'in' });
    expect((await a.map(mapId))!.tracks.size).toBe(0);
    // Then nobody locates it: B, the last to, turns it unknown and exits it.
    await run(null, 150);
    expect(seen.a).toEqual([]);
    expect(seen.b).toContain('exit');
    expect(await saved()).toMatchObject({ zone_id: null });
    await Promise.all([a.close(), b.close()]);
  });
});
