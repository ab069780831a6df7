import { describe, expect, it } from 'vitest';
import { EMPTY_FLOOR_MODEL, type FloorModel } from '@rtls/contract';
import { makeGateway, makeMap } from '../../test/fixtures.ts';
import { planInput, type PlanSource } from './plan-input.ts';

const map = makeMap({ settings: { imageSize: { width: 1200, height: 800 }, pixelsPerMetre: 20 } });
const a = makeGateway({ mac: 'A', name: 'A', position: { x: 100, y: 100 } });
const b = makeGateway({
  mac: 'B',
  name: 'B',
  position: { x: 400, y: 200 },
  customSettings: { maxRSSI: -55, logicThreshold: -90 },
});
const source = (over: Partial<PlanSource> = {}): PlanSource => ({
  map,
  gateways: { A: a, B: b },
  drafts: {},
  moved: {},
  dragging: null,
  floorModel: EMPTY_FLOOR_MODEL,
  without: null,
  ...over,
});

describe('planInput', () => {
  it('puts the placed gateways in metres with their radio settings over the plan', () => {
    const { input, pixelsPerMetre } = planInput(source());
    expect(pixelsPerMetre).toBe(20);
    expect([input.width, input.height]).toEqual([60, 40]);
    expect(input.anchors.map((g) => [g.id, g.x, g.y])).toEqual([
      ['A', 5, 5],
      ['B', 20, 10],
    ]);
    expect(input.anchors[1]).toMatchObject({ maxRSSI: -55, logicThreshold: -90 });
    expect(input.floor).toBeNull();
  });

  it('follows a drag in progress over a saved move, and leaves out the failed gateway', () => {
    const { input } = planInput(
      source({
        moved: { A: { x: 200, y: 200 } },
        dragging: { mac: 'A', position: { x: 300, y: 100 } },
        without: 'B',
      }),
    );
    expect(input.anchors.map((g) => [g.id, g.x, g.y])).toEqual([['A', 15, 5]]);
  });

  it('takes the walls of the floor model in metres', () => {
    const floorModel: FloorModel = {
      ...EMPTY_FLOOR_MODEL,
      walls: [
        {
          id: 'w',
          kind: 'heavy',
          points: [
            { x: 0, y: 400 },
            { x: 1200, y: 400 },
          ],
        },
      ],
    };
    const { input } = planInput(source({ floorModel }));
    expect(input.floor?.walls).toHaveLength(1);
    expect(input.floor?.walls[0]).toMatchObject({ x0: 0, y0: 20, x1: 60, y1: 20, kind: 'heavy' });
  });
});
