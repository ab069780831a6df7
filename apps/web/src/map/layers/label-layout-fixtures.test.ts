import { describe, expect, it } from 'vitest';
import { declutterLabels, type LabelObstacle, type LabelRequest } from '@rtls/positioning';
import {
  MAX_PLACED_LABELS,
  layoutLabels,
  type LabelSpot,
  type ScreenDevice,
} from './label-layout.ts';
import { MARKER } from '../../constants.ts';

/** A small deterministic pseudo-random sequence. */
function random(seed: number) {
  let x = seed;
  return () => (x = (x * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

const VIEW = { w: 800, h: 500 };
const CONTROLS = [{ x: 780, y: 120, w: 34, h: 200 }];
const PLAN_TEXT = [
  { x: 200, y: 150, w: 70, h: 14 },
  { x: 520, y: 330, w: 90, h: 14 },
];

/** Devices over the view and a margin beyond it, some as name boxes, some selected-like. */
function crowd(seed: number, count: number): ScreenDevice[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const nameBox = next() < 0.3;
    const w = 40 + Math.round(next() * 60);
    return {
      id: `d${i}`,
      x: -120 + next() * (VIEW.w + 240),
      y: -80 + next() * (VIEW.h + 160),
      body: nameBox ? 8 : 22 + (next() < 0.5 ? 8 : 0),
      label: next() < 0.7 ? { w, h: 17, dx: 0, dy: nameBox ? 0 : 22.5 } : null,
      keep: i === 0,
      ownsBody: nameBox,
    };
  });
}

/** The placement as made from every device's body (none left out), for comparison. */
function placedFromAll(
  devices: readonly ScreenDevice[],
  gateways: { x: number; y: number; size: number }[],
  previous: ReadonlyMap<string, LabelSpot>,
) {
  const obstacles: LabelObstacle[] = [
    ...gateways.map((g) => ({ x: g.x, y: g.y, w: g.size, h: g.size })),
    ...CONTROLS,
    ...PLAN_TEXT.map((t) => ({ ...t, soft: true })),
  ];
  const requests: LabelRequest[] = [];
  for (const d of devices) {
    obstacles.push({ x: d.x, y: d.y, w: d.body, h: d.body, owner: d.ownsBody ? d.id : undefined });
    if (!d.label || requests.length >= MAX_PLACED_LABELS) continue;
    const last = previous.get(d.id);
    requests.push({
      id: d.id,
      home: { x: d.x + d.label.dx, y: d.y + d.label.dy },
      w: d.label.w,
      h: d.label.h,
      keep: d.keep,
      prefer: last?.moved ? { x: d.x + last.dx, y: d.y + last.dy } : undefined,
    });
  }
  const bounds = { x0: 0, y0: 0, x1: VIEW.w, y1: VIEW.h };
  const spots = new Map<string, LabelSpot>();
  for (const p of declutterLabels(requests, obstacles, { gap: 2, bounds })) {
    const d = devices.find((x) => x.id === p.id)!;
    if (!p.hidden) spots.set(p.id, { dx: p.x - d.x, dy: p.y - d.y, moved: p.needsLeaderLine });
  }
  return spots;
}

describe('label layout on crowded fixtures', () => {
  it.each([
    [1, 40],
    [2, 300],
    [3, 1500],
  ])(
    'shows the same labels at the same spots as placing among every body (seed %i, %i devices)',
    (seed, count) => {
      const gateways = [
        { x: 100, y: 100, size: MARKER.gateway },
        { x: 820, y: 250, size: 30 },
      ];
      let previous = new Map<string, LabelSpot>();
      let devices = crowd(seed, count);
      for (let round = 0; round < 3; round++) {
        const context = { controls: CONTROLS, planText: PLAN_TEXT, view: VIEW, previous };
        const spots = layoutLabels(devices, gateways, context);
        expect(spots).toEqual(placedFromAll(devices, gateways, previous));
        expect(spots.size).toBeGreaterThan(0);
        previous = spots;
        // The devices move a little between placements.
        devices = devices.map((d, i) => ({ ...d, x: d.x + (i % 7) - 3, y: d.y + (i % 5) - 2 }));
      }
    },
  );

  it('keeps a label at the edge of the view off a body just outside it', () => {
    const label = { w: 60, h: 17, dx: 0, dy: 22.5 };
    const a: ScreenDevice = {
      id: 'a',
      x: 30,
      y: 227.5,
      body: 22,
      label,
      keep: false,
      ownsBody: false,
    };
    const outside = (x: number): ScreenDevice => ({ ...a, id: 'out', x, y: 250, label: null });
    const context = { view: VIEW, previous: new Map<string, LabelSpot>() };
    // Its body's box, with the 2 px gap, reaches half a pixel into the view: the label moves.
    const near = [a, outside(-12.5)];
    expect(layoutLabels(near, [], context).get('a')?.moved).toBe(true);
    // A pixel further out it touches nothing in the view: the label stays home.
    const far = [a, outside(-13.5)];
    expect(layoutLabels(far, [], context).get('a')).toEqual({ dx: 0, dy: 22.5, moved: false });
  });
});
