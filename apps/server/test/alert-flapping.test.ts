/**
 * Dwell and cool-down of rules: a tag standing in a doorway, flapping in and out of a zone for ten
 * minutes, raises one alert that counts the repeats; a visit shorter than the dwell raises none;
 * after the cool-down has passed quietly the rule fires again; bad values are refused with 400.
 * Time is the walker's clock (one located position per second), never the wall clock.
 */
import { RULE_DEFAULTS, type Rule } from '@rtls/contract';
import { expect, it } from 'vitest';
import { describeEachDb } from './helpers.ts';
import { ownMap, ownMapWithWard, walker } from './zones-helpers.ts';

const T0 = Date.now() - 4 * 3600_000;
const IN = [100, 100] as const;
const OUT = [700, 700] as const;

describeEachDb(
  'rule dwell and cool-down',
  (t) => {
    it('takes a dwell of 10 s for enter and exit rules and a cool-down of 5 min when none is given', async () => {
      const { mapId, a, ward } = await ownMapWithWard(t.built);
      const enter = await a.rule(mapId, {
        name: 'In',
        type: 'enter',
        zoneId: ward.id,
        severity: 'info',
      });
      expect(enter).toMatchObject({ dwellSeconds: 10, cooldownSeconds: 300 });
      expect(RULE_DEFAULTS).toEqual({ dwellSeconds: 10, cooldownSeconds: 300 });
      // A dwell means nothing to a rule with a duration of its own: it is stored as 0.
      const dwell = await a.rule(mapId, {
        name: 'Long',
        type: 'dwell',
        zoneId: ward.id,
        thresholdSeconds: 60,
        dwellSeconds: 30,
        severity: 'info',
      });
      expect(dwell).toMatchObject({ dwellSeconds: 0, cooldownSeconds: 300 });
      const res = await a.call('PUT', `/api/maps/${mapId}/rules/${enter.id}`, {
        dwellSeconds: 0,
        cooldownSeconds: 60,
      });
      expect((res.json() as { rule: Rule }).rule).toMatchObject({
        dwellSeconds: 0,
        cooldownSeconds: 60,
      });
    });

    it('raises one alert for a tag flapping in a doorway for ten minutes, counting the repeats', async () => {
      const { owner, mapId, a, ward } = await ownMapWithWard(t.built);
      const base = { zoneId: ward.id, severity: 'critical' as const };
      const enter = await a.rule(mapId, { ...base, name: 'In', type: 'enter' });
      const exit = await a.rule(mapId, { ...base, name: 'Out', type: 'exit' });
      const tag = walker(t.built, owner.id, mapId, 'DD:00:00:00:00:01', T0);
      // Ten minutes in the doorway: long swings (20 s in, 20 s out), then short ones (8 s in,
      // 12 s out) that the presence still reports as entries and exits.
      for (let i = 0; i < 8; i++) {
        await tag.stand(...IN, 20);
        await tag.stand(...OUT, 20);
      }
      for (let i = 0; i < 14; i++) {
        await tag.stand(...IN, 8);
        await tag.stand(...OUT, 12);
      }
      expect(tag.now - T0).toBe(600_000);
      // The presence did flap: every swing is an entry in the event log.
      expect(await a.events(mapId, 'type=enter&limit=100')).toHaveLength(22);

      const alerts = await a.alerts(`mapId=${mapId}`);
      expect(alerts.filter((x) => x.ruleId === enter.id)).toHaveLength(1);
      expect(alerts.filter((x) => x.ruleId === exit.id)).toHaveLength(1);
      const [enterAlert] = alerts.filter((x) => x.ruleId === enter.id);
      // The long stays passed the dwell (8 of them); the short ones did not.
      expect(enterAlert).toMatchObject({ state: 'open', count: 8, event: { type: 'enter' } });
      expect(Date.parse(enterAlert!.lastAt)).toBeGreaterThan(Date.parse(enterAlert!.openedAt));
    });

    it('raises nothing for a visit shorter than the dwell, and fires again once the cool-down passed quietly', async () => {
      const { owner, mapId, a, ward } = await ownMapWithWard(t.built);
      await a.rule(mapId, {
        name: 'In',
        type: 'enter',
        zoneId: ward.id,
        severity: 'warning',
        dwellSeconds: 30,
        cooldownSeconds: 120,
      });
      const tag = walker(t.built, owner.id, mapId, 'DD:00:00:00:00:02', T0);
      // In for 25 s (entered after 5 s, then 20 s in): not long enough.
      await tag.stand(...IN, 25);
      await tag.stand(...OUT, 30);
      expect(await a.events(mapId, 'type=enter')).toHaveLength(1);
      expect(await a.alerts(`mapId=${mapId}`)).toHaveLength(0);
      // In for 60 s: the entry counts 30 s after it.
      await tag.stand(...IN, 60);
      let alerts = await a.alerts(`mapId=${mapId}`);
      expect(alerts).toMatchObject([{ count: 1 }]);
      // Out and back within the cool-down: counted on the same alert, acknowledged or not.
      expect((await a.call('POST', `/api/alerts/${alerts[0]!.id}/acknowledge`)).statusCode).toBe(
        200,
      );
      await tag.stand(...OUT, 30);
      await tag.stand(...IN, 60);
      alerts = await a.alerts(`mapId=${mapId}`);
      expect(alerts).toMatchObject([{ count: 2, state: 'acknowledged' }]);
      // Out for longer than the cool-down: the next entry is a new alert.
      await tag.stand(...OUT, 200);
      await tag.stand(...IN, 60);
      alerts = await a.alerts(`mapId=${mapId}`);
      expect(alerts.map((x) => [x.state, x.count])).toEqual([
        ['open', 1],
        ['acknowledged', 2],
      ]);
    });

    it('refuses bad dwell and cool-down values with 400', async () => {
      const { mapId, a } = await ownMap(t.built);
      const rule = { name: 'x', type: 'enter', severity: 'info' };
      const bad = [
        { dwellSeconds: -1 },
        { dwellSeconds: 3601 },
        { dwellSeconds: 1.5 },
        { dwellSeconds: 'soon' },
        { cooldownSeconds: -5 },
        { cooldownSeconds: 86_401 },
        { cooldownSeconds: 'later' },
      ];
      for (const extra of bad) {
        const res = await a.call('POST', `/api/maps/${mapId}/rules`, { ...rule, ...extra });
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
        expect(res.json()).toMatchObject({ success: false });
      }
      const made = await a.rule(mapId, { name: 'ok', type: 'enter', severity: 'info' });
      for (const extra of bad)
        expect(
          (await a.call('PUT', `/api/maps/${mapId}/rules/${made.id}`, extra)).statusCode,
          JSON.stringify(extra),
        ).toBe(400);
    });
  },
  { config: { alertingTimers: false } },
);
