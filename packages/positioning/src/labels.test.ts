import { LABEL } from '@rtls/contract';
import { describe, expect, it } from 'vitest';
import { crlb, crlbGrid } from './crlb.ts';
import { boxesOverlap, declutterLabels, type LabelObstacle, type LabelRequest } from './labels.ts';
import { rng } from './random.ts';
import { ROOM } from './test-helpers.ts';

const label = (
  id: string,
  x: number,
  y: number,
  extra: Partial<LabelRequest> = {},
): LabelRequest => ({
  id,
  home: { x, y },
  w: LABEL.boxWidth,
  h: LABEL.boxHeight,
  ...extra,
});
const boxOf = (p: { x: number; y: number }, l: LabelRequest) => ({
  x: p.x,
  y: p.y,
  w: l.w,
  h: l.h,
});

describe('declutterLabels', () => {
  it('places a label only where it lies wholly inside the bounds', () => {
    const bounds = { x0: 0, y0: 0, x1: 300, y1: 200 };
    const l = label('a', 295, 100);
    const [p] = declutterLabels([l], [], { bounds });
    expect(p!.hidden).toBe(false);
    expect(p!.needsLeaderLine).toBe(true);
    expect(p!.x + l.w / 2).toBeLessThanOrEqual(300);
    expect(p!.x - l.w / 2).toBeGreaterThanOrEqual(0);
    // Without bounds it stays home, half off the edge.
    expect(declutterLabels([l], [])[0]!.x).toBe(295);
  });

  it('leaves labels that have room at home, without leader lines', () => {
    const out = declutterLabels([label('a', 0, 0), label('b', 200, 0)], []);
    expect(out.map((p) => [p.x, p.y, p.needsLeaderLine, p.hidden])).toEqual([
      [0, 0, false, false],
      [200, 0, false, false],
    ]);
  });

  it('moves an overlapping label to a free spot on a ring, with a leader line', () => {
    const [a, b] = declutterLabels([label('a', 100, 100), label('b', 110, 105)], []);
    expect(a!.needsLeaderLine).toBe(false);
    expect(b!.needsLeaderLine).toBe(true);
    expect(boxesOverlap(boxOf(a!, label('a', 0, 0)), boxOf(b!, label('b', 0, 0)))).toBe(false);
    // On a ring: a whole number of 10 px steps from home, within 49 rings.
    const r = Math.hypot(b!.x - 110, b!.y - 105);
    expect(r / LABEL.ringStepPx).toBeCloseTo(Math.round(r / LABEL.ringStepPx), 6);
    expect(r).toBeLessThanOrEqual(LABEL.rings * LABEL.ringStepPx);
  });

  it('keeps labels off tags and gateway icons, except the obstacle a label owns', () => {
    const gateway: LabelObstacle = { x: 100, y: 100, w: 45, h: 45 };
    const ownSpot: LabelObstacle = { x: 300, y: 100, w: 10, h: 10, owner: 'box' };
    const [onGateway, box] = declutterLabels(
      [label('g', 100, 100), label('box', 300, 100)],
      [gateway, ownSpot],
    );
    expect(onGateway!.needsLeaderLine).toBe(true);
    expect(boxesOverlap(boxOf(onGateway!, label('g', 0, 0)), gateway)).toBe(false);
    expect([box!.x, box!.y, box!.needsLeaderLine]).toEqual([300, 100, false]);
  });

  it('places a random crowd of sized labels among dots with no box overlapping another or a dot', () => {
    const random = rng(7);
    const dots: LabelObstacle[] = [];
    const labels: LabelRequest[] = [];
    for (let i = 0; i < 40; i++) {
      const x = 200 + random() * 400;
      const y = 200 + random() * 300;
      dots.push({ x, y, w: 22, h: 22 });
      const w = 40 + Math.round(random() * 80);
      labels.push(label(`d${i}`, x, y + 11 + 3 + 15, { w, h: 30 }));
    }
    const out = declutterLabels(labels, dots);
    const shown = out.map((p, i) => ({ p, l: labels[i]! })).filter(({ p }) => !p.hidden);
    expect(shown.length).toBeGreaterThan(30);
    for (const [i, a] of shown.entries()) {
      for (const d of dots) expect(boxesOverlap(boxOf(a.p, a.l), d)).toBe(false);
      for (const b of shown.slice(0, i))
        expect(boxesOverlap(boxOf(a.p, a.l), boxOf(b.p, b.l))).toBe(false);
    }
  });
});

describe('declutterLabels when crowded out', () => {
  // Obstacles tiled edge to edge over ±600 px: any spot on any of the 49 rings hits one of them.
  const tiles: LabelObstacle[] = [];
  for (let x = -600; x <= 600; x += LABEL.boxWidth)
    for (let y = -600; y <= 600; y += LABEL.boxHeight)
      tiles.push({ x, y, w: LABEL.boxWidth, h: LABEL.boxHeight });

  it('hides the labels that find no room, lowest priority first', () => {
    const out = declutterLabels([label('late', 5, 7)], tiles);
    expect(out[0]).toMatchObject({ id: 'late', hidden: true });
  });

  it('covers a soft obstacle (text in the plan) only when every spot clear of it is taken', () => {
    const text: LabelObstacle = { x: 5, y: 7, w: 200, h: 40, soft: true };
    // With room around, the label leaves the text.
    const [free] = declutterLabels([label('t', 5, 7)], [text]);
    expect(free!.needsLeaderLine).toBe(true);
    expect(boxesOverlap(boxOf(free!, label('t', 0, 0)), text)).toBe(false);
    // With the text the only gap among hard obstacles, the label goes there rather than hiding.
    const rest = tiles.filter((t) => !boxesOverlap(t, text));
    const [onText] = declutterLabels([label('t', 5, 7)], [...rest, text]);
    expect(onText).toMatchObject({ hidden: false });
    expect(boxesOverlap(boxOf(onText!, label('t', 0, 0)), text)).toBe(true);
  });

  it("never hides a kept label (the selected device's): it stays home", () => {
    const out = declutterLabels([label('sel', 5, 7, { keep: true })], tiles);
    expect(out[0]).toEqual({ id: 'sel', x: 5, y: 7, needsLeaderLine: false, hidden: false });
  });

  it('keeps a moved label at its last spot while that is free, and home wins when free', () => {
    const first = declutterLabels([label('a', 100, 100), label('b', 110, 105)], []);
    const last = first[1]!;
    // The spot a ring search finds first is not the last one: a label remembered elsewhere stays.
    const elsewhere = { x: 110, y: 105 + 3 * LABEL.boxHeight };
    const again = declutterLabels(
      [label('a', 100, 100), label('b', 110, 105, { prefer: elsewhere })],
      [],
    );
    expect(again[1]).toMatchObject({ ...elsewhere, needsLeaderLine: true });
    expect({ x: last.x, y: last.y }).not.toEqual(elsewhere);
    const alone = declutterLabels([label('b', 110, 105, { prefer: elsewhere })], []);
    expect(alone[0]).toMatchObject({ x: 110, y: 105, needsLeaderLine: false });
  });

  it('places labels far apart as it places each group alone', () => {
    const near = [label('a', 100, 100), label('b', 104, 102), label('c', 98, 96)];
    const far = [label('x', 1e7, -3e6), label('y', 1e7 + 3, -3e6 + 2)];
    const dots: LabelObstacle[] = [
      { x: 100, y: 110, w: 10, h: 10 },
      { x: 1e7, y: -3e6 + 10, w: 10, h: 10 },
    ];
    const together = declutterLabels([...near, ...far], dots);
    expect(together).toEqual([...declutterLabels(near, dots), ...declutterLabels(far, dots)]);
    expect(together.every((p) => !p.hidden)).toBe(true);
  });

  it('returns for labels and obstacles at no finite spot, placing the others as without them', () => {
    const others = [label('a', 50, 50), label('b', 52, 50)];
    const odd = [label('n', Number.NaN, 10), label('i', Infinity, -Infinity)];
    const dots: LabelObstacle[] = [{ x: 50, y: 60, w: 10, h: 10 }];
    const strange: LabelObstacle[] = [
      { x: Infinity, y: 0, w: 10, h: 10 },
      { x: 0, y: -Infinity, w: 10, h: 10 },
    ];
    const placed = declutterLabels([...others, ...odd], [...dots, ...strange]);
    expect(placed.slice(0, 2)).toEqual(declutterLabels(others, dots));
    expect(placed).toHaveLength(4);
  });

  it('hides the rest once the work budget is spent, keeping the kept ones', () => {
    const stacked = Array.from({ length: 30 }, (_, i) => label(`s${i}`, 0, 0, { keep: i === 29 }));
    const out = declutterLabels(stacked, [], { budget: 100 });
    expect(out[0]!.hidden).toBe(false);
    expect(out.slice(5, 29).every((p) => p.hidden)).toBe(true);
    expect(out[29]!.hidden).toBe(false);
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
