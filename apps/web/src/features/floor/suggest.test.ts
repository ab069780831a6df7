import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMPTY_FLOOR_MODEL } from '@rtls/contract';
import { rasteriseSvg } from '../../test/svg-raster.ts';
import { acceptSuggestions, newFloorDraft, setSuggestions } from './floor-draft.ts';
import { enclosedAreas } from './rooms.ts';
import { wallSuggestions } from './suggest.ts';
import { detectWalls, type Stroke } from './wall-detector.ts';

const PPM = 20;
const stroke = (x0: number, y0: number, x1: number, y1: number): Stroke => ({
  a: { x: x0, y: y0 },
  b: { x: x1, y: y1 },
  thickness: 6,
});

describe('wall suggestions', () => {
  it('joins pieces of one wall across door-wide gaps into a wall with doors', () => {
    const pieces = [
      stroke(20, 100, 150, 100),
      stroke(182, 101, 300, 101),
      stroke(305, 100, 400, 100),
    ];
    const [wall, ...rest] = wallSuggestions(pieces, [], PPM);
    expect(rest).toEqual([]);
    expect(wall!.a).toEqual({ x: 20, y: 100 });
    expect(wall!.b).toEqual({ x: 400, y: 100 });
    // 32 px (1.6 m) is a door; 5 px (0.25 m) is a break in the drawing.
    expect(wall!.doors).toEqual([{ a: { x: 150, y: 100 }, b: { x: 182, y: 100 } }]);
  });

  it('keeps an opening wider than a door, and parallel walls, apart', () => {
    const found = wallSuggestions(
      [stroke(20, 100, 150, 100), stroke(250, 100, 400, 100), stroke(20, 200, 400, 200)],
      [],
      PPM,
    );
    expect(found).toHaveLength(3);
    expect(found.every((s) => s.doors.length === 0)).toBe(true);
  });

  it('leaves out strokes a drawn wall covers', () => {
    const walls = [{ a: { x: 0, y: 100 }, b: { x: 400, y: 100 } }];
    expect(
      wallSuggestions([stroke(20, 102, 380, 102), stroke(20, 200, 400, 200)], walls, PPM),
    ).toHaveLength(1);
  });

  it('on the demo plan, the accepted suggestions close its twelve rooms and corridors at their doors', () => {
    const svg = readFileSync(
      path.resolve(import.meta.dirname, '../../../public/maps/floor1.svg'),
      'utf8',
    );
    const strokes = detectWalls(rasteriseSvg(svg), { pixelsPerMetre: PPM });
    const suggestions = wallSuggestions(strokes, [], PPM);
    expect(suggestions.flatMap((s) => s.doors)).toHaveLength(12);
    const draft = acceptSuggestions(setSuggestions(newFloorDraft(EMPTY_FLOOR_MODEL), suggestions));
    expect(draft.model.doors).toHaveLength(12);
    expect(enclosedAreas(draft.model, { width: 1200, height: 800 }, PPM)).toHaveLength(13);
  });
});
