import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boxesImage, rasteriseSvg } from '../../test/svg-raster.ts';
import { detectTextBoxes, type TextBox } from './text-detector.ts';

const PPM = 20;

/** A word of `letters` glyphs, each a 10 × 14 px box outline, 4 px apart, from (x, y). */
function word(x: number, y: number, letters: number): [number, number, number, number][] {
  return Array.from({ length: letters }, (_, i) => {
    const gx = x + i * 14;
    return [
      [gx, y, gx + 10, y + 2],
      [gx, y + 12, gx + 10, y + 14],
      [gx, y, gx + 2, y + 14],
      [gx + 8, y, gx + 10, y + 14],
    ] as [number, number, number, number][];
  }).flat();
}

const overlaps = (a: TextBox, b: TextBox) =>
  Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0) && Math.min(a.y1, b.y1) > Math.max(a.y0, b.y0);

describe('text detector', () => {
  it('finds a line of glyphs between walls, not the walls, a wall stub or a lone speck', () => {
    const img = boxesImage(300, 200, [
      // A room's walls (6 px thick) and a short stub into it.
      [17, 17, 283, 23],
      [17, 177, 283, 183],
      [17, 17, 23, 183],
      [277, 17, 283, 183],
      [150, 23, 156, 70],
      // Two words on one line, a word space (12 px) between them.
      ...word(60, 100, 4),
      ...word(124, 100, 2),
      // A lone speck and a lone ring (a door swing, a fixture).
      [200, 150, 203, 153],
      [240, 140, 250, 142],
    ]);
    expect(detectTextBoxes(img, { pixelsPerMetre: PPM })).toEqual([
      { x0: 60, y0: 100, x1: 148, y1: 114 },
    ]);
  });

  it('keeps two lines apart, and reads RGBA pixels', () => {
    const grey = boxesImage(200, 120, [...word(20, 20, 3), ...word(20, 60, 3)]);
    const rgba = new Uint8ClampedArray(grey.width * grey.height * 4);
    grey.data.forEach((v, i) => rgba.set([v, v, v, 255], i * 4));
    const found = detectTextBoxes(
      { width: grey.width, height: grey.height, data: rgba, channels: 4 },
      { pixelsPerMetre: PPM },
    );
    expect(found).toEqual(
      expect.arrayContaining([
        { x0: 20, y0: 20, x1: 58, y1: 34 },
        { x0: 20, y0: 60, x1: 58, y1: 74 },
      ]),
    );
    expect(found).toHaveLength(2);
  });

  it('finds every room name of the demo plan, and nothing on its walls', async () => {
    const webRoot = path.resolve(import.meta.dirname, '../../..');
    const svg = readFileSync(path.join(webRoot, 'public/maps/floor1.svg'), 'utf8');
    const planModule = path.join(webRoot, '../server/src/simulator/plan.ts');
    const { WALLS } = (await import(/* @vite-ignore */ planModule)) as {
      WALLS: { x0: number; y0: number; x1: number; y1: number }[];
    };
    const found = detectTextBoxes(rasteriseSvg(svg), { pixelsPerMetre: PPM });
    // Where each <text> is drawn: centred on x (or from x), its letters above the baseline y.
    const texts = [...svg.matchAll(/^<text x="([\d.]+)" y="([\d.]+)" font-size="(\d+)"[^>]*>/gm)];
    expect(texts.length).toBeGreaterThanOrEqual(14);
    // One box a name; the scale bar's "5 m" is text too.
    expect(found.length).toBeLessThanOrEqual(texts.length + 1);
    for (const [tag, x, y, size] of texts) {
      const at = {
        x0: Number(x) - 2,
        y0: Number(y) - Number(size),
        x1: Number(x) + 2,
        y1: Number(y),
      };
      expect(
        found.some((b) => overlaps(b, at)),
        tag,
      ).toBe(true);
    }
    for (const w of WALLS) {
      const wall = {
        x0: Math.min(w.x0, w.x1) * PPM - 2,
        y0: Math.min(w.y0, w.y1) * PPM - 2,
        x1: Math.max(w.x0, w.x1) * PPM + 2,
        y1: Math.max(w.y0, w.y1) * PPM + 2,
      };
      expect(found.filter((b) => overlaps(b, wall))).toEqual([]);
    }
  });
});
