/** The demo floor: the plan image and the demo floor model show exactly its walls and rooms. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { floorGeometry, solidWalls } from '@rtls/positioning';
import { describe, expect, it } from 'vitest';
import { floorModelProblem } from '../modules/floor-models/validate.ts';
import { DEMO_FLOOR, DEMO_GATEWAYS, DEMO_PIXELS_PER_METRE } from './building.ts';
import {
  BUILDING,
  crossesWall,
  demoFloorModel,
  DOOR_WIDTH_M,
  insideBuilding,
  placeAt,
  ROOMS,
  WALLS,
  wallsBetween,
} from './plan.ts';

const SVG = readFileSync(
  path.resolve(import.meta.dirname, '../../../web/public/maps/floor1.svg'),
  'utf8',
);
const ppm = DEMO_PIXELS_PER_METRE;
const attr = (el: string, name: string) => Number(new RegExp(`\\b${name}="([^"]+)"`).exec(el)![1]);
/** A segment as comparable text, its ends in order. */
const key = (x0: number, y0: number, x1: number, y1: number) => {
  const [a, b] = [
    [x0, y0],
    [x1, y1],
  ].sort((p, q) => p[0]! - q[0]! || p[1]! - q[1]!);
  return `${a!.map((v) => v.toFixed(1))}-${b!.map((v) => v.toFixed(1))}`;
};

describe('the demo floor plan image', () => {
  it('is the plan at DEMO_PIXELS_PER_METRE', () => {
    expect(attr(SVG.slice(0, 200), 'width')).toBe(DEMO_FLOOR.width * ppm);
    expect(attr(SVG.slice(0, 200), 'height')).toBe(DEMO_FLOOR.height * ppm);
  });

  it('draws every wall of the plan, and no other', () => {
    const drawn = [...SVG.matchAll(/<line [^>]*stroke-width="6"[^>]*>/g)].map(([el]) =>
      key(attr(el, 'x1'), attr(el, 'y1'), attr(el, 'x2'), attr(el, 'y2')),
    );
    const plan = WALLS.map((w) => key(w.x0 * ppm, w.y0 * ppm, w.x1 * ppm, w.y1 * ppm));
    expect(drawn.sort()).toEqual(plan.sort());
  });

  it("names every room inside the room's walls", () => {
    const labels = [...SVG.matchAll(/<text [^>]*font-size="22"[^>]*>([^<]+)<\/text>/g)].map(
      ([el, name]) => ({ name, at: placeAt(attr(el, 'x') / ppm, attr(el, 'y') / ppm) }),
    );
    expect(labels).toEqual(expect.arrayContaining(ROOMS.map((r) => ({ name: r.name, at: r.id }))));
    expect(labels).toHaveLength(ROOMS.length);
  });
});

describe('plan geometry', () => {
  it('has one door per room, in the wall it shares with the main corridor', () => {
    for (const r of ROOMS) {
      expect(placeAt(r.door.x, r.door.y + (r.side === 'north' ? -0.5 : 0.5))).toBe(r.id);
      expect(placeAt(r.door.x, r.door.y + (r.side === 'north' ? 0.5 : -0.5))).toBe('corridor');
      // Straight through the door: no wall; a metre beside it: the wall.
      const dy = r.side === 'north' ? 1 : -1;
      expect(wallsBetween(r.door.x, r.door.y - dy, r.door.x, r.door.y + dy)).toBe(0);
      expect(wallsBetween(r.door.x + 1.2, r.door.y - dy, r.door.x + 1.2, r.door.y + dy)).toBe(1);
    }
  });

  it('counts the walls on a straight line', () => {
    // Ward A to Ward B: one partition; Ward A to Ward C: both sides of the main corridor.
    expect(wallsBetween(5, 5, 17, 5)).toBe(1);
    expect(wallsBetween(5, 5, 5, 35)).toBe(2);
    expect(wallsBetween(5, 5, 5, 0)).toBe(1);
    expect(crossesWall(0, 0, 2, 2, { x0: 0, y0: 2, x1: 2, y1: 0 })).toBe(true);
    expect(crossesWall(0, 0, 1, 1, { x0: 2, y0: 2, x1: 3, y1: 3 })).toBe(false);
  });

  it('places every demo gateway inside the building, none on a wall', () => {
    for (const g of DEMO_GATEWAYS) {
      expect(insideBuilding(g.x, g.y)).toBe(true);
      expect(WALLS.some((w) => crossesWall(g.x, g.y, g.x, g.y, w))).toBe(false);
    }
    expect(new Set(DEMO_GATEWAYS.map((g) => g.mac)).size).toBe(DEMO_GATEWAYS.length);
    // Every room has its own gateway.
    for (const r of ROOMS) expect(DEMO_GATEWAYS.some((g) => placeAt(g.x, g.y) === r.id)).toBe(true);
  });
});

describe('the demo floor model', () => {
  const model = demoFloorModel(ppm);

  it('is the plan: its walls with the doors cut out are WALLS', () => {
    const solid = solidWalls(floorGeometry(model, ppm)!);
    const cut = solid.map((w) => key(w.x0 * ppm, w.y0 * ppm, w.x1 * ppm, w.y1 * ppm));
    const plan = WALLS.map((w) => key(w.x0 * ppm, w.y0 * ppm, w.x1 * ppm, w.y1 * ppm));
    expect(cut.sort()).toEqual(plan.sort());
  });

  it('has heavy outer walls, a door of DOOR_WIDTH_M per room and the building as outline', () => {
    expect(model.walls.filter((w) => w.kind === 'heavy').map((w) => w.id)).toEqual(['outer']);
    expect(model.doors).toHaveLength(ROOMS.length);
    for (const d of model.doors)
      expect(Math.hypot(d.b.x - d.a.x, d.b.y - d.a.y)).toBe(DOOR_WIDTH_M * ppm);
    expect(model.outline).toEqual([
      { x: BUILDING.x0 * ppm, y: BUILDING.y0 * ppm },
      { x: BUILDING.x1 * ppm, y: BUILDING.y0 * ppm },
      { x: BUILDING.x1 * ppm, y: BUILDING.y1 * ppm },
      { x: BUILDING.x0 * ppm, y: BUILDING.y1 * ppm },
    ]);
  });

  it('passes the checks a stored floor model must pass', () => {
    const size = { width: DEMO_FLOOR.width * ppm, height: DEMO_FLOOR.height * ppm };
    expect(floorModelProblem(model, size)).toBeNull();
  });
});
