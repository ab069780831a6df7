/**
 * Acknowledging many alerts in one call: the ids given or every open alert the caller may
 * acknowledge; never another account's alerts, nor those of a map the caller only views.
 */
import { expect, it } from 'vitest';
import type { Alert } from '@rtls/contract';
import { createSignedInUser, describeEachDb } from './helpers.ts';
import { api, atOnce, ownMapWithWard, walker } from './zones-helpers.ts';

const T0 = Date.now() - 2 * 3600_000;

describeEachDb(
  'acknowledging alerts in bulk',
  (t) => {
    /** An account's map with an enter rule and `tags` tags that entered its zone. */
    async function mapWithAlerts(tags: number, prefix: string) {
      const { owner, mapId, a, ward } = await ownMapWithWard(t.built);
      await a.rule(mapId, atOnce('In', ward.id, 'warning'));
      for (let i = 0; i < tags; i++)
        await walker(
          t.built,
          owner.id,
          mapId,
          `${prefix}:00:00:00:00:0${i}`,
          T0 + i * 20_000,
        ).stand(100, 100, 8);
      const alerts = await a.alerts(`mapId=${mapId}`);
      expect(alerts).toHaveLength(tags);
      return { owner, mapId, a, ids: alerts.map((x) => x.id) };
    }
    const acknowledge = async (a: ReturnType<typeof api>, body: object) => {
      const res = await a.call('POST', '/api/alerts/acknowledge', body);
      return { status: res.statusCode, alerts: (res.json() as { alerts?: Alert[] }).alerts };
    };

    it('acknowledges the selected alerts and then all the rest in one call each, only for those who may', async () => {
      const mine = await mapWithAlerts(3, 'E1');
      const theirs = await mapWithAlerts(1, 'E2');
      const viewer = await createSignedInUser(t.built, 'viewer');
      const editor = await createSignedInUser(t.built, 'editor');
      for (const [u, role] of [
        [viewer, 'viewer'],
        [editor, 'editor'],
      ] as const)
        await mine.a.call('POST', `/api/maps/${mine.mapId}/collaborators`, {
          userId: u.email,
          role,
        });

      // Another account names my alerts: nothing of mine changes, its own alert is acknowledged.
      const other = await acknowledge(theirs.a, { ids: [...mine.ids, ...theirs.ids] });
      expect(other.status).toBe(200);
      expect(other.alerts!.map((x) => x.id)).toEqual(theirs.ids);
      expect(await mine.a.alerts(`mapId=${mine.mapId}&state=open`)).toHaveLength(3);
      expect((await acknowledge(theirs.a, { mapId: mine.mapId })).status).toBe(404);

      // A viewer may not acknowledge: named alerts stay open, the map's 403.
      const v = api(t.built, viewer.token);
      expect(await acknowledge(v, { ids: mine.ids })).toEqual({ status: 200, alerts: [] });
      expect((await acknowledge(v, {})).alerts).toEqual([]);
      expect((await acknowledge(v, { mapId: mine.mapId })).status).toBe(403);

      // The editor acknowledges two selected ones, then all the rest.
      const e = api(t.built, editor.token);
      const selected = await acknowledge(e, { ids: mine.ids.slice(0, 2) });
      expect(selected.alerts).toHaveLength(2);
      expect(selected.alerts!.every((x) => x.state === 'acknowledged')).toBe(true);
      expect(selected.alerts![0]!.acknowledgedBy).toMatchObject({ userId: editor.id });
      const rest = await acknowledge(e, {});
      expect(rest.alerts!.map((x) => x.id)).toEqual([mine.ids[2]]);
      expect(await mine.a.alerts(`mapId=${mine.mapId}&state=open`)).toEqual([]);
      // Again: nothing left to acknowledge.
      expect((await acknowledge(mine.a, { mapId: mine.mapId })).alerts).toEqual([]);
    });

    it('refuses malformed bodies with 400', async () => {
      const { a } = await mapWithAlerts(0, 'E3');
      for (const body of [
        { ids: [] },
        { ids: [{ id: 'a1' }] },
        { ids: [''] },
        { ids: Array.from({ length: 1001 }, (_, i) => `id-${i}`) },
        { mapId: '' },
      ])
        expect((await acknowledge(a, body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    });
  },
  { config: { alertingTimers: false } },
);
