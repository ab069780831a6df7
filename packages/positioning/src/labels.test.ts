import { LABEL } from '@rtls/contract';
import { describe, expect, it } from 'vitest';
import { crlb, crlbGrid } from './crlb.ts';
import { placeLabels } from './labels.ts';
import { ROOM } from './test-helpers.ts';

describe('placeLabels', () => {
  it('leaves separate labels on their markers', () => {
    const out = placeLabels([
      { id: 'a', x: 0, y: 0 },
      { id: 'b', x: 200, y: 0 },
    ]);
    expect(out.map((p) => p.needsLeaderLine)).toEqual([false, false]);
    expect(out[1]!.displayPosition).toEqual({ x: 200, y: 0 });
  });

  it('moves an overlapping label to a free ring spot with a leader line', () => {
    const [a, b] = placeLabels([
      { id: 'a', x: 100, y: 100 },
      { id: 'b', x: 110, y: 105 },
    ]);
    expect(a!.needsLeaderLine).toBe(false);
    expect(b!.needsLeaderLine).toBe(true);
    const dx = Math.abs(b!.displayPosition.x - a!.displayPosition.x);
    const dy = Math.abs(b!.displayPosition.y - a!.displayPosition.y);
    expect(dx >= LABEL.boxWidth || dy >= LABEL.boxHeight).toBe(true);
    // On a ring: a whole number of 10 px steps from its marker, within 49 rings.
    const r = Math.hypot(b!.displayPosition.x - 110, b!.displayPosition.y - 105);
    expect(r / LABEL.ringStepPx).toBeCloseTo(Math.round(r / LABEL.ringStepPx), 6);
    expect(r).toBeLessThanOrEqual(LABEL.rings * LABEL.ringStepPx);
  });

  it('places a crowd with no two boxes overlapping', () => {
    const crowd = Array.from({ length: 12 }, (_, i) => ({
      id: `d${i}`,
      x: 300 + (i % 3) * 5,
      y: 300 + i * 2,
    }));
    const out = placeLabels(crowd);
    for (let i = 0; i < out.length; i++) {
      for (let j = 0; j < i; j++) {
        const p = out[i]!.displayPosition;
        const q = out[j]!.displayPosition;
        expect(
          Math.abs(p.x - q.x) >= LABEL.boxWidth || Math.abs(p.y - q.y) >= LABEL.boxHeight,
        ).toBe(true);
      }
    }
  });
});

describe('placeLabels when crowded out', () => {
  it('keeps a label on its marker, unflagged, when every ring spot is taken', () => {
    // Boxes tiled edge to edge over ±600 px: any point on any of the 49 rings hits one of them.
    const tiles = [];
    for (let x = -600; x <= 600; x += LABEL.boxWidth)
      for (let y = -600; y <= 600; y += LABEL.boxHeight) tiles.push({ id: `t${x},${y}`, x, y });
    const out = placeLabels([...tiles, { id: 'late', x: 5, y: 7 }]);
    expect(out.slice(0, -1).every((p) => !p.needsLeaderLine)).toBe(true);
    expect(out.at(-1)).toEqual({
      id: 'late',
      displayPosition: { x: 5, y: 7 },
      needsLeaderLine: false,
    });
  });
});

describe('crlb', () => {
  it('shrinks with more anchors and grows with noise', () => {
    const four = crlb(ROOM.slice(0, 4), 4, 3);
    const six = crlb(ROOM, 4, 3);
    expect(six).toBeLessThan(four);
    const noisier = crlb(ROOM, 4, 3, {
      model: { rssiAt1m: -59, exponent: 2.2, sigmaDb: 10, txOffsetSigmaDb: 4 },
    });
    expect(noisier).toBeCloseTo(2 * six, 6);
    expect(crlb(ROOM, 4, 3, { unknownOffset: true })).toBeGreaterThan(six);
    expect(crlb(ROOM.slice(0, 1), 4, 3)).toBe(Infinity);
  });

  it('covers a grid', () => {
    const g = crlbGrid(ROOM, { minX: 0, minY: 0, maxX: 10, maxY: 8 }, 2);
    expect(g).toHaveLength(5);
    expect(g[0]).toHaveLength(6);
    expect(g.flat().every((v) => v > 0 && Number.isFinite(v))).toBe(true);
  });
});
