import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boxesImage, rasteriseSvg } from '../../test/svg-raster.ts';
import { strokeMatch, type Segment } from '../../test/stroke-match.ts';
import { detectWalls, inkMask, strokeLength, type Stroke } from './wall-detector.ts';

const PPM = 20;

const rounded = (s: Stroke) => ({
  a: { x: Math.round(s.a.x), y: Math.round(s.a.y) },
  b: { x: Math.round(s.b.x), y: Math.round(s.b.y) },
});

describe('wall detector', () => {
  it('reads RGBA with transparency as ink on white paper', () => {
    const rgba = {
      width: 3,
      height: 1,
      channels: 4 as const,
      data: [0, 0, 0, 255, 0, 0, 0, 0, 200, 200, 200, 255],
    };
    expect([...inkMask(rgba, 128)]).toEqual([1, 0, 0]);
  });

  it('finds a room: four thick strokes, centre lines meeting at the corners', () => {
    // 6 px walls around (20..220) × (20..160), drawn with square caps.
    const img = boxesImage(260, 200, [
      [17, 17, 223, 23],
      [17, 157, 223, 163],
      [17, 17, 23, 163],
      [217, 17, 223, 163],
    ]);
    const found = detectWalls(img, { pixelsPerMetre: PPM }).map(rounded);
    expect(found).toHaveLength(4);
    expect(found).toEqual(
      expect.arrayContaining([
        { a: { x: 20, y: 20 }, b: { x: 220, y: 20 } },
        { a: { x: 20, y: 160 }, b: { x: 220, y: 160 } },
        { a: { x: 20, y: 20 }, b: { x: 20, y: 160 } },
        { a: { x: 220, y: 20 }, b: { x: 220, y: 160 } },
      ]),
    );
  });

  it('keeps a door gap, drops strokes under a metre, text-sized marks and filled areas', () => {
    const img = boxesImage(400, 200, [
      [10, 50, 150, 56], // wall, then a 1.6 m door gap
      [182, 50, 390, 56],
      [10, 120, 25, 122], // 0.75 m dash
      [300, 100, 380, 190], // a filled block
      // "text": letter-sized boxes side by side
      ...Array.from({ length: 6 }, (_, i): [number, number, number, number] => [
        20 + i * 12,
        150,
        28 + i * 12,
        165,
      ]),
    ]);
    const found = detectWalls(img, { pixelsPerMetre: PPM }).map(rounded);
    expect(found).toEqual([
      { a: { x: 10, y: 53 }, b: { x: 150, y: 53 } },
      { a: { x: 182, y: 53 }, b: { x: 390, y: 53 } },
    ]);
  });

  it('merges the two edges of a hollow wall into one centre line', () => {
    const img = boxesImage(300, 100, [
      [20, 40, 280, 42],
      [20, 48, 280, 50],
    ]);
    const found = detectWalls(img, { pixelsPerMetre: PPM });
    expect(found.map(rounded)).toEqual([{ a: { x: 20, y: 45 }, b: { x: 280, y: 45 } }]);
    expect(found[0]!.thickness).toBe(10);
  });

  it('finds a slanted wall, not a door swing arc', () => {
    const width = 300;
    const height = 300;
    const data = new Uint8ClampedArray(width * height).fill(250);
    for (let t = 0; t <= 200; t += 0.25)
      // a 45° wall, 5 px thick
      for (let p = -2.5; p <= 2.5; p += 0.5) {
        const x = Math.round(50 + t * Math.SQRT1_2 - p * Math.SQRT1_2);
        const y = Math.round(50 + t * Math.SQRT1_2 + p * Math.SQRT1_2);
        data[y * width + x] = 30;
      }
    for (let a = 0; a <= Math.PI / 2; a += 0.01)
      // a 1 px quarter circle of 1 m radius
      data[Math.round(250 - 20 * Math.sin(a)) * width + Math.round(40 + 20 * Math.cos(a))] = 30;
    const found = detectWalls({ width, height, data, channels: 1 }, { pixelsPerMetre: PPM });
    expect(found).toHaveLength(1);
    const [wall] = found.map(rounded);
    expect(Math.abs(wall!.a.x - 50) + Math.abs(wall!.a.y - 50)).toBeLessThanOrEqual(4);
    expect(Math.abs(wall!.b.x - 191) + Math.abs(wall!.b.y - 191)).toBeLessThanOrEqual(4);
  });

  it("finds at least 80 % of the demo plan's walls by length, with few false strokes", async () => {
    const webRoot = path.resolve(import.meta.dirname, '../../..');
    const svg = readFileSync(path.join(webRoot, 'public/maps/floor1.svg'), 'utf8');
    // The plan's walls in metres, the one source the SVG is drawn from (outside this project).
    const planModule = path.join(webRoot, '../server/src/simulator/plan.ts');
    const { WALLS } = (await import(/* @vite-ignore */ planModule)) as {
      WALLS: { x0: number; y0: number; x1: number; y1: number }[];
    };
    const truth: Segment[] = WALLS.map((w) => ({
      a: { x: w.x0 * PPM, y: w.y0 * PPM },
      b: { x: w.x1 * PPM, y: w.y1 * PPM },
    }));
    const found = detectWalls(rasteriseSvg(svg), { pixelsPerMetre: PPM });
    const { recall, falseShare, falseStrokes } = strokeMatch(truth, found, 4);
    const total = found.reduce((sum, s) => sum + strokeLength(s), 0);
    process.stdout.write(
      `demo plan: ${found.length} strokes (${(total / PPM).toFixed(1)} m) for ${truth.length} walls; ` +
        `recall ${(recall * 100).toFixed(1)} % of the walls' length; ` +
        `${(falseShare * 100).toFixed(1)} % of the found length on no wall (${falseStrokes.length} false strokes)\n`,
    );
    expect(recall).toBeGreaterThanOrEqual(0.8);
    expect(falseShare).toBeLessThanOrEqual(0.05);
    expect(falseStrokes.length).toBeLessThanOrEqual(2);
  });
});
