import { describe, expect, it } from 'vitest';
import type { Rule } from '@rtls/contract';
import { createFloorEvents } from './floor-events.ts';
import type { Occurrence } from './engine.ts';

const rule = (over: Partial<Rule>): Rule =>
  ({
    id: 'r1',
    mapId: 'first',
    type: 'floor_change',
    zoneId: null,
    mac: null,
    enabled: true,
    ...over,
  }) as Rule;

describe('floor_change events', () => {
  it('records one event on the floor reached, naming the floor left and the floor reached', async () => {
    const happened: { o: Occurrence; rules: readonly Rule[] }[] = [];
    const rules = [rule({}), rule({ id: 'r2', type: 'enter' })];
    const names: Record<string, string> = { ground: 'Ground floor', first: 'First floor' };
    const errors: unknown[] = [];
    const listen = createFloorEvents({
      alerting: {
        happen: (o, matching) => void happened.push({ o, rules: matching }),
        rulesOf: (mapId) => rules.filter((r) => r.mapId === mapId),
        matches: (r, type) => r.enabled && r.type === type,
      },
      mapName: (id) => Promise.resolve(names[id] ?? null),
      onError: (err) => errors.push(err),
    });
    listen('owner', 'AA:BB', {
      buildingId: 'b',
      from: 'ground',
      to: 'first',
      fromLevel: 0,
      toLevel: 1,
      at: 5000,
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(errors).toEqual([]);
    expect(happened).toHaveLength(1);
    expect(happened[0]!.o).toMatchObject({
      mapId: 'first',
      type: 'floor_change',
      at: 5000,
      mac: 'AA:BB',
      detail: {
        fromMapId: 'ground',
        fromFloor: 'Ground floor',
        toFloor: 'First floor',
        fromLevel: 0,
        toLevel: 1,
      },
    });
    expect(happened[0]!.rules.map((r) => r.id)).toEqual(['r1']);
  });
});
