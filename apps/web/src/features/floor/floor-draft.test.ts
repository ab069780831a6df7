import { describe, expect, it } from 'vitest';
import { EMPTY_FLOOR_MODEL, type FloorModel } from '@rtls/contract';
import {
  acceptSuggestions,
  addPoint,
  cancelPending,
  changeWall,
  deleteSelection,
  finish,
  isChanged,
  newFloorDraft,
  placeDoorEnd,
  rejectSuggestions,
  selectAt,
  setSuggestions,
  setTool,
  undo,
  type FloorDraft,
} from './floor-draft.ts';
import { snapPoint, wallEnds, wallSegments } from './floor-geometry.ts';

const p = (x: number, y: number) => ({ x, y });

/** A draft holding one straight light wall from (0,100) to (200,100). */
function withWall(): FloorDraft {
  let d = newFloorDraft(EMPTY_FLOOR_MODEL);
  d = addPoint(d, p(0, 100));
  d = addPoint(d, p(200, 100));
  return finish(d);
}

describe('floor draft', () => {
  it('draws a wall point by point, of the class in hand; a repeated point is one', () => {
    let d = changeWall(newFloorDraft(EMPTY_FLOOR_MODEL), { kind: 'heavy' });
    d = addPoint(d, p(0, 0));
    expect(finish(d)).toBe(d); // one point is no wall
    d = addPoint(addPoint(d, p(100, 0)), p(100, 0));
    d = finish(addPoint(d, p(100, 80)));
    expect(d.model.walls).toEqual([
      { id: expect.any(String), kind: 'heavy', points: [p(0, 0), p(100, 0), p(100, 80)] },
    ]);
    expect(d.pending).toEqual([]);
    expect(isChanged(d)).toBe(true);
  });

  it('Escape drops the wall being drawn, then the selection', () => {
    let d = addPoint(addPoint(newFloorDraft(EMPTY_FLOOR_MODEL), p(0, 0)), p(5, 5));
    d = cancelPending(d);
    expect(d.pending).toEqual([]);
    expect(isChanged(d)).toBe(false);
  });

  it('undoes points, then changes, several steps back', () => {
    let d = withWall();
    d = finish(addPoint(addPoint(d, p(0, 0)), p(0, 50)));
    d = addPoint(d, p(10, 10));
    expect(d.model.walls).toHaveLength(2);
    d = undo(d);
    expect(d.pending).toEqual([]);
    expect(d.model.walls).toHaveLength(2);
    d = undo(d);
    expect(d.model.walls).toHaveLength(1);
    d = undo(d);
    expect(d.model.walls).toHaveLength(0);
    expect(isChanged(d)).toBe(false);
    expect(undo(d)).toEqual(d);
  });

  it('places a door onto the nearest wall in two clicks', () => {
    let d = setTool(withWall(), 'door');
    expect(placeDoorEnd(d, p(50, 150), 8).pending).toEqual([]); // not on a wall
    d = placeDoorEnd(d, p(50, 104), 8);
    expect(d.pending).toEqual([p(50, 100)]);
    d = placeDoorEnd(d, p(82, 93), 8);
    expect(d.model.doors).toEqual([{ id: expect.any(String), a: p(50, 100), b: p(82, 100) }]);
  });

  it("a door's second end stays on the first end's wall segment", () => {
    let d = withWall();
    d = finish(addPoint(addPoint(d, p(232, 100)), p(400, 100)));
    d = setTool(d, 'door');
    d = placeDoorEnd(placeDoorEnd(d, p(180, 103), 8), p(236, 98), 8);
    expect(d.model.doors.map(({ a, b }) => [a, b])).toEqual([[p(180, 100), p(200, 100)]]);
  });

  it('selects and deletes a wall with the doors on it; undo brings both back', () => {
    let d = setTool(withWall(), 'door');
    d = placeDoorEnd(placeDoorEnd(d, p(50, 100), 8), p(80, 100), 8);
    d = selectAt(setTool(d, 'select'), p(20, 103), 8);
    expect(d.selection?.kind).toBe('wall');
    d = deleteSelection(d);
    expect(d.model).toEqual({ walls: [], doors: [], outline: null });
    d = undo(d);
    expect(d.model.walls).toHaveLength(1);
    expect(d.model.doors).toHaveLength(1);
  });

  it("changes the selected wall's class and loss", () => {
    let d = selectAt(setTool(withWall(), 'select'), p(100, 100), 8);
    d = changeWall(changeWall(d, { kind: 'glass' }), { lossDb: 3.5 });
    expect(d.model.walls[0]).toMatchObject({ kind: 'glass', lossDb: 3.5 });
    expect(d.wallClass).toBe('glass');
  });

  it('draws an outline that does not cross itself', () => {
    let d = setTool(newFloorDraft(EMPTY_FLOOR_MODEL), 'outline');
    for (const q of [p(0, 0), p(100, 100), p(100, 0), p(0, 100)]) d = addPoint(d, q);
    expect(finish(d).model.outline).toBeNull(); // a bow tie
    d = cancelPending(d);
    const square = [p(0, 0), p(100, 0), p(100, 100), p(0, 100)];
    for (const q of square) d = addPoint(d, q);
    expect(finish(d).model.outline).toEqual(square);
  });

  it('accepts suggestions one by one or all at once, rejects them, and undo brings them back', () => {
    const s = (id: string, y: number) => ({ id, n: y, a: p(0, y), b: p(100, y), doors: [] });
    let d = setSuggestions(newFloorDraft(EMPTY_FLOOR_MODEL), [s('a', 0), s('b', 50), s('c', 90)]);
    d = acceptSuggestions(d, ['b']);
    expect(d.model.walls.map((w) => w.points)).toEqual([[p(0, 50), p(100, 50)]]);
    expect(d.suggestions.map((x) => x.id)).toEqual(['a', 'c']);
    d = rejectSuggestions(d, ['a']);
    expect(d.suggestions.map((x) => x.id)).toEqual(['c']);
    d = undo(d);
    expect(d.suggestions.map((x) => x.id)).toEqual(['a', 'c']);
    d = acceptSuggestions(d);
    expect(d.model.walls).toHaveLength(3);
    expect(d.suggestions).toEqual([]);
    // A suggested wall brings its doors.
    d = setSuggestions(d, [{ ...s('e', 200), doors: [{ a: p(40, 200), b: p(60, 200) }] }]);
    d = acceptSuggestions(d, ['e']);
    expect(d.model.doors).toEqual([{ id: expect.any(String), a: p(40, 200), b: p(60, 200) }]);
  });
});

describe('snapping', () => {
  const model: FloorModel = {
    walls: [{ id: 'w', kind: 'light', points: [p(0, 100), p(200, 100)] }],
    doors: [],
    outline: null,
  };
  const targets = {
    ends: wallEnds(model),
    walls: wallSegments(model),
    planLines: [{ a: p(300, 0), b: p(300, 400) }],
  };

  it('lands on a wall end, else on a wall, else on a plan line, else stays', () => {
    expect(snapPoint(p(196, 104), targets, 8)).toEqual(p(200, 100));
    expect(snapPoint(p(120, 95), targets, 8)).toEqual(p(120, 100));
    expect(snapPoint(p(305, 200), targets, 8)).toEqual(p(300, 200));
    expect(snapPoint(p(302, 5), targets, 8)).toEqual(p(300, 0));
    expect(snapPoint(p(250, 250), targets, 8)).toEqual(p(250, 250));
  });
});
