import { describe, expect, it } from 'vitest';
import type { FloorGeometry } from './floor.ts';
import {
  planAccuracy,
  newGatewayLike,
  planCoverage,
  proposeGateway,
  radialP90,
  type PlanInput,
  type PlanCoverage,
} from './plan-accuracy.ts';
import { ROOM } from './test-helpers.ts';
import type { Anchor } from './types.ts';
import { metres } from './units.ts';

const at = (id: string, x: number, y: number): Anchor => ({ id, x: metres(x), y: metres(y) });
const cellAt = (plan: { step: number; nx: number }, x: number, y: number) =>
  Math.floor(y / plan.step) * plan.nx + Math.floor(x / plan.step);

/** A 30 × 10 m floor split by a heavy wall at x = 15 (no door). */
const SPLIT: FloorGeometry = {
  walls: [{ x0: 15, y0: 0, x1: 15, y1: 10, lossDb: 15, kind: 'heavy' }],
  doors: [],
  outline: null,
};

describe('radialP90', () => {
  it('is 2.146 σ for a circular error and 1.645 σ along one axis', () => {
    expect(radialP90({ xx: 1, xy: 0, yy: 1 })).toBeCloseTo(Math.sqrt(2 * Math.log(10)), 2);
    expect(radialP90({ xx: 4, xy: 0, yy: 0 })).toBeCloseTo(2 * 1.6449, 2);
    // Rotating the ellipse changes nothing.
    expect(radialP90({ xx: 2.5, xy: 1.5, yy: 2.5 })).toBeCloseTo(
      radialP90({ xx: 4, xy: 0, yy: 1 }),
      6,
    );
  });
});

describe('planAccuracy', () => {
  const room: PlanInput = { anchors: ROOM, width: 10, height: 8, step: 0.5 };

  it('predicts metre-level errors inside a ring of gateways and marks every cell on an open floor', () => {
    const plan = planAccuracy(room);
    expect(plan.nx).toBe(20);
    expect(plan.ny).toBe(16);
    expect(plan.inside.every((v) => v === 1)).toBe(true);
    const centre = plan.p90[cellAt(plan, 5, 4)]!;
    expect(centre).toBeGreaterThan(0.3);
    expect(centre).toBeLessThan(5);
  });

  it('never improves anywhere when a gateway fails', () => {
    const all = planAccuracy(room);
    const without = planAccuracy({ ...room, anchors: ROOM.slice(1) });
    let worse = 0;
    for (let c = 0; c < all.p90.length; c++) {
      expect(without.p90[c]!).toBeGreaterThanOrEqual(all.p90[c]! - 1e-6);
      if (without.p90[c]! > all.p90[c]! * 1.05) worse++;
    }
    expect(worse).toBeGreaterThan(0);
  });

  /** p90 of a tag known only to be in the room: uniform over it, variances W²/12 and H²/12. */
  const roomOnly = radialP90({ xx: 10 ** 2 / 12, xy: 0, yy: 8 ** 2 / 12 });

  it('predicts from two gateways little more than the room tells (the tag offset is unknown)', () => {
    const plan = planAccuracy({ ...room, anchors: ROOM.slice(0, 2) });
    expect(plan.p90[cellAt(plan, 5, 4)]!).toBeGreaterThan(0.7 * roomOnly);
  });

  it('never predicts more than the room alone allows, and knows less without the room', () => {
    const plan = planAccuracy(room);
    for (const e of plan.p90) expect(e).toBeLessThanOrEqual(roomOnly + 1e-6);
    // The same layout on a floor four times the size: the prior weighs less, errors grow.
    const wide = planAccuracy({ ...room, width: 40, height: 32 });
    const c = cellAt(plan, 5, 4);
    expect(wide.p90[cellAt(wide, 5, 4)]!).toBeGreaterThan(plan.p90[c]!);
  });

  it('predicts smaller errors for tags heard more often', () => {
    const once = planAccuracy(room);
    const often = planAccuracy({ ...room, packetRateHz: 5 });
    const c = cellAt(once, 5, 4);
    expect(often.p90[c]!).toBeLessThan(once.p90[c]! * 0.9);
  });

  it('loses the gateways behind a heavy wall far from them', () => {
    const anchors = [
      at('a', 12, 2),
      at('b', 12, 8),
      at('c', 13, 5),
      at('d', 28, 2),
      at('e', 28, 8),
    ];
    const input: PlanInput = { anchors, width: 30, height: 10, step: 1 };
    const open = planAccuracy(input);
    const walled = planAccuracy({ ...input, floor: SPLIT });
    for (let c = 0; c < open.p90.length; c++) {
      expect(walled.p90[c]!).toBeGreaterThanOrEqual(open.p90[c]! - 1e-6);
    }
    const spot = cellAt(open, 27.5, 5.5);
    expect(walled.p90[spot]!).toBeGreaterThan(open.p90[spot]! * 1.1);
  });

  it('keeps to the outline', () => {
    const floor: FloorGeometry = {
      walls: [],
      doors: [],
      outline: [
        { x: 0, y: 0 },
        { x: 5, y: 0 },
        { x: 5, y: 8 },
        { x: 0, y: 8 },
      ],
    };
    const plan = planAccuracy({ ...room, floor });
    expect(plan.inside[cellAt(plan, 2, 4)]).toBe(1);
    expect(plan.inside[cellAt(plan, 8, 4)]).toBe(0);
    expect(planCoverage(plan, 100).areaM2).toBeCloseTo(40, 6);
  });
});

describe('newGatewayLike', () => {
  it("takes the median of the gateways' stated settings, and the defaults where none states one", () => {
    const stated = [
      { ...at('a', 0, 0), maxRSSI: -50, logicThreshold: -95, z: metres(3) },
      { ...at('b', 0, 0), maxRSSI: -54, logicThreshold: null },
      { ...at('c', 0, 0), maxRSSI: -60 },
    ];
    expect(newGatewayLike(stated)).toMatchObject({ maxRSSI: -54, logicThreshold: -95, z: 3 });
    const plain = newGatewayLike([at('a', 0, 0)]);
    expect([plain.maxRSSI, plain.logicThreshold, plain.z]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('proposeGateway', () => {
  const SETTINGS = { maxRSSI: -55, logicThreshold: -90 };
  /** Three gateways crowded into one end of a walled 12 × 8 m floor. */
  const small: PlanInput = {
    anchors: [at('a', 1, 1), at('b', 1, 7), at('c', 4, 4)].map((a) => ({ ...a, ...SETTINGS })),
    width: 12,
    height: 8,
    step: 1,
    floor: {
      walls: [{ x0: 6, y0: 0, x1: 6, y1: 5, lossDb: 8, kind: 'light' }],
      doors: [],
      outline: null,
    },
  };
  const targetM = 4;

  /** Every candidate spot tried by recomputing the whole layout with a gateway like the others. */
  function bruteForce(candidateStep: number) {
    let best: { x: number; y: number; after: PlanCoverage } | null = null;
    for (let y = candidateStep / 2; y < small.height; y += candidateStep) {
      for (let x = candidateStep / 2; x < small.width; x += candidateStep) {
        const after = planCoverage(
          planAccuracy({
            ...small,
            anchors: [...small.anchors, { ...at('new', x, y), ...SETTINGS }],
          }),
          targetM,
        );
        const better =
          !best ||
          after.areaM2 > best.after.areaM2 + 1e-9 ||
          (Math.abs(after.areaM2 - best.after.areaM2) <= 1e-9 &&
            after.meanM < best.after.meanM - 1e-9);
        if (better) best = { x, y, after };
      }
    }
    return best!;
  }

  it('proposes the spot a brute-force search finds best, with its predicted gain', () => {
    const proposal = proposeGateway(small, { targetM, candidateStep: 1 })!;
    const best = bruteForce(1);
    expect([proposal.x, proposal.y]).toEqual([best.x, best.y]);
    expect(proposal.after.areaM2).toBeCloseTo(best.after.areaM2, 6);
    expect(proposal.after.meanM).toBeCloseTo(best.after.meanM, 4);
    expect(proposal.before).toEqual(planCoverage(planAccuracy(small), targetM));
    expect(proposal.after.areaM2).toBeGreaterThan(proposal.before.areaM2);
    // Away from the gateways already there.
    expect(proposal.x).toBeGreaterThan(6);
  });
});
