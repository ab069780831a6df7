import { describe, expect, it } from 'vitest';
import type { Point } from '@rtls/contract';
import {
  addVertex,
  canSave,
  closeDraft,
  editDraft,
  moveVertex,
  newDraft,
  removeLastVertex,
  type ZoneDraft,
} from './zone-draft.ts';
import { makeZone } from '../../test/zone-fixtures.ts';
import { isValidPolygon, labelAnchor } from './zone-geometry.ts';

/** Screen pixels equal image pixels (zoom 0). */
const same = (p: Point) => p;
/** Zoomed out four times: 40 image pixels are 10 on screen. */
const quarter = (p: Point) => ({ x: p.x / 4, y: p.y / 4 });

const draw = (points: Point[], others: Point[] = [], toScreen = same): ZoneDraft =>
  points.reduce((d, p) => addVertex(d, p, toScreen, others), newDraft());

describe('drawing a zone', () => {
  it('adds a corner per click and closes on a click at the first corner', () => {
    const d = draw([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
    ]);
    expect(d.vertices).toHaveLength(3);
    expect(d.closed).toBe(false);
    const closed = addVertex(d, { x: 4, y: -3 }, same);
    expect(closed.closed).toBe(true);
    expect(closed.vertices).toHaveLength(3);
  });

  it('lands on a vertex of another zone within a few screen pixels, not farther', () => {
    const other = [{ x: 200, y: 200 }];
    expect(draw([{ x: 205, y: 204 }], other).vertices[0]).toEqual({ x: 200, y: 200 });
    expect(draw([{ x: 215, y: 200 }], other).vertices[0]).toEqual({ x: 215, y: 200 });
    // The distance is measured on screen: zoomed out, 20 image pixels are 5 screen pixels.
    expect(draw([{ x: 220, y: 200 }], other, quarter).vertices[0]).toEqual({ x: 200, y: 200 });
  });

  it('does not close with fewer than three corners, nor on a double click', () => {
    const two = draw([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
    ]);
    expect(closeDraft(two).closed).toBe(false);
    const again = addVertex(two, { x: 100, y: 0 }, same);
    expect(again.vertices).toHaveLength(2);
  });

  it('refuses to close an outline whose edges cross', () => {
    const bowtie = draw([
      { x: 0, y: 0 },
      { x: 100, y: 100 },
      { x: 100, y: 0 },
      { x: 0, y: 100 },
    ]);
    expect(closeDraft(bowtie).closed).toBe(false);
    expect(isValidPolygon(bowtie.vertices)).toBe(false);
  });

  it('undoes the last corner while drawing, never on a closed outline', () => {
    const d = draw([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
    ]);
    expect(removeLastVertex(d).vertices).toHaveLength(2);
    expect(removeLastVertex(closeDraft(d)).vertices).toHaveLength(3);
  });

  it('moves a dragged corner, snapping it to another zone’s vertex', () => {
    const zone = makeZone({
      polygon: [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
        { x: 100, y: 100 },
      ],
    });
    const d = editDraft(zone);
    expect(d.closed).toBe(true);
    expect(moveVertex(d, 1, { x: 150, y: 10 }, same).vertices[1]).toEqual({ x: 150, y: 10 });
    expect(moveVertex(d, 1, { x: 297, y: 3 }, same, [{ x: 300, y: 0 }]).vertices[1]).toEqual({
      x: 300,
      y: 0,
    });
    expect(zone.polygon[1]).toEqual({ x: 100, y: 0 });
  });

  it('can be saved once closed, valid and named', () => {
    const open = draw([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
    ]);
    expect(canSave({ ...open, name: 'Lab' })).toBe(false);
    expect(canSave({ ...closeDraft(open), name: '  ' })).toBe(false);
    expect(canSave({ ...closeDraft(open), name: 'Lab' })).toBe(true);
  });
});

describe('zone label', () => {
  it('sits at the centroid of the area', () => {
    const square = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
      { x: 0, y: 100 },
    ];
    expect(labelAnchor(square)).toEqual({ x: 50, y: 50 });
  });
});
