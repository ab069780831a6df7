import { describe, expect, it } from 'vitest';
import { insidePolygon } from '@rtls/positioning';
import { placeZoneLabels, type ScreenZoneLabel } from './zone-labels.ts';

const VIEW = { w: 800, h: 600 };
const COMPACT = { w: 24, h: 20 };
const corners = (p: { x: number; y: number }, w: number, h: number) =>
  [
    [p.x - w / 2, p.y - h / 2],
    [p.x + w / 2, p.y - h / 2],
    [p.x + w / 2, p.y + h / 2],
    [p.x - w / 2, p.y + h / 2],
  ] as const;
/** The outline of the rectangle from (x0, y0) to (x1, y1). */
const rect = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];
/** A zone's label of w × h px that would stand at `home`, with the compact size of all. */
const label = (
  id: string,
  outline: ScreenZoneLabel['outline'],
  home: { x: number; y: number },
  w: number,
  h: number,
): ScreenZoneLabel => ({ id, outline, home, w, h, compact: COMPACT });
/** Whether a w × h label at `at` does not overlap the gateway icon. */
const clearOf = (
  at: { x: number; y: number },
  w: number,
  h: number,
  gateway: { x: number; y: number; w: number; h: number },
) =>
  Math.abs(at.x - gateway.x) * 2 >= w + gateway.w ||
  Math.abs(at.y - gateway.y) * 2 >= h + gateway.h;

describe('zone label placement', () => {
  it('leaves a label with room at its zone centre', () => {
    const zone = label('ward', rect(100, 100, 400, 300), { x: 250, y: 200 }, 90, 24);
    expect(placeZoneLabels([zone], [], VIEW).get('ward')).toEqual({
      x: 250,
      y: 200,
      compact: false,
    });
  });

  it('moves a label off a gateway icon, staying inside an L-shaped zone whose centre is outside it', () => {
    // An L: the centroid (about 183, 183) lies in the notch, outside the zone.
    const outline = [
      { x: 100, y: 100 },
      { x: 400, y: 100 },
      { x: 400, y: 160 },
      { x: 160, y: 160 },
      { x: 160, y: 400 },
      { x: 100, y: 400 },
    ];
    const zone = label('l', outline, { x: 183, y: 183 }, 50, 20);
    const gateway = { x: 300, y: 130, w: 45, h: 45 };
    const at = placeZoneLabels([zone], [gateway], VIEW).get('l')!;
    for (const [x, y] of corners(at, zone.w, zone.h))
      expect(insidePolygon(outline, x, y)).toBe(true);
    expect(clearOf(at, zone.w, zone.h, gateway)).toBe(true);
  });

  it('keeps two zone labels off each other and inside the visible map', () => {
    const big = (id: string, x: number) =>
      label(id, rect(x - 200, -100, x + 200, 300), { x, y: 5 }, 120, 24);
    const spots = placeZoneLabels([big('a', 300), big('b', 330)], [], VIEW);
    const a = spots.get('a')!;
    const b = spots.get('b')!;
    expect(a.y - 12).toBeGreaterThanOrEqual(0);
    expect(b.y - 12).toBeGreaterThanOrEqual(0);
    expect(Math.abs(a.x - b.x) * 2 >= 240 || Math.abs(a.y - b.y) * 2 >= 48).toBe(true);
  });

  it('shows the count alone, off the gateway, for a zone too small on screen for its name', () => {
    // A 36 px room with its gateway's 12 px dot in the middle: the name fits nowhere inside.
    const zone = label('small', rect(100, 100, 136, 136), { x: 118, y: 118 }, 90, 24);
    const gateway = { x: 118, y: 118, w: 12, h: 12 };
    const at = placeZoneLabels([zone], [gateway], VIEW).get('small')!;
    expect(at.compact).toBe(true);
    expect(clearOf(at, COMPACT.w, COMPACT.h, gateway)).toBe(true);
  });
});
