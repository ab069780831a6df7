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

describe('zone label placement', () => {
  it('leaves a label with room at its zone centre', () => {
    const zone: ScreenZoneLabel = {
      id: 'ward',
      outline: [
        { x: 100, y: 100 },
        { x: 400, y: 100 },
        { x: 400, y: 300 },
        { x: 100, y: 300 },
      ],
      home: { x: 250, y: 200 },
      w: 90,
      h: 24,
      compact: COMPACT,
    };
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
    const zone: ScreenZoneLabel = {
      id: 'l',
      outline,
      home: { x: 183, y: 183 },
      w: 50,
      h: 20,
      compact: COMPACT,
    };
    const gateway = { x: 300, y: 130, w: 45, h: 45 };
    const at = placeZoneLabels([zone], [gateway], VIEW).get('l')!;
    for (const [x, y] of corners(at, zone.w, zone.h))
      expect(insidePolygon(outline, x, y)).toBe(true);
    const clear =
      Math.abs(at.x - gateway.x) * 2 >= zone.w + gateway.w ||
      Math.abs(at.y - gateway.y) * 2 >= zone.h + gateway.h;
    expect(clear).toBe(true);
  });

  it('keeps two zone labels off each other and inside the visible map', () => {
    const big = (id: string, x: number): ScreenZoneLabel => ({
      id,
      outline: [
        { x: x - 200, y: -100 },
        { x: x + 200, y: -100 },
        { x: x + 200, y: 300 },
        { x: x - 200, y: 300 },
      ],
      home: { x, y: 5 },
      w: 120,
      h: 24,
      compact: COMPACT,
    });
    const spots = placeZoneLabels([big('a', 300), big('b', 330)], [], VIEW);
    const a = spots.get('a')!;
    const b = spots.get('b')!;
    expect(a.y - 12).toBeGreaterThanOrEqual(0);
    expect(b.y - 12).toBeGreaterThanOrEqual(0);
    expect(Math.abs(a.x - b.x) * 2 >= 240 || Math.abs(a.y - b.y) * 2 >= 48).toBe(true);
  });

  it('shows the count alone, off the gateway, for a zone too small on screen for its name', () => {
    // A 36 px room with its gateway's 12 px dot in the middle: the name fits nowhere inside.
    const outline = [
      { x: 100, y: 100 },
      { x: 136, y: 100 },
      { x: 136, y: 136 },
      { x: 100, y: 136 },
    ];
    const zone: ScreenZoneLabel = {
      id: 'small',
      outline,
      home: { x: 118, y: 118 },
      w: 90,
      h: 24,
      compact: COMPACT,
    };
    const gateway = { x: 118, y: 118, w: 12, h: 12 };
    const at = placeZoneLabels([zone], [gateway], VIEW).get('small')!;
    expect(at.compact).toBe(true);
    const clear =
      Math.abs(at.x - gateway.x) * 2 >= COMPACT.w + gateway.w ||
      Math.abs(at.y - gateway.y) * 2 >= COMPACT.h + gateway.h;
    expect(clear).toBe(true);
  });
});
