import { describe, expect, it } from 'vitest';
import { HEAT_STOPS, heatColour, heatmapImage } from './heatmap-image.ts';

describe('heatmap colours', () => {
  it('leaves empty cells transparent and gives the busiest cell the last colour, opaque the most', () => {
    expect(heatColour(0, 10)).toEqual([0, 0, 0, 0]);
    expect(heatColour(10, 10)).toEqual([...HEAT_STOPS[HEAT_STOPS.length - 1]!, 240]);
    expect(heatColour(1, 10)[3]).toBeLessThan(heatColour(5, 10)[3]);
  });

  it('starts the ramp at the first colour for the least time', () => {
    const [r, g, b] = heatColour(1, 1_000_000);
    const first = HEAT_STOPS[0]!;
    expect(Math.abs(r - first[0]) + Math.abs(g - first[1]) + Math.abs(b - first[2])).toBeLessThan(
      10,
    );
  });
});

describe('heatmap image', () => {
  it('spans the visited cells only, one pixel per cell, placed on the map by the cell size', () => {
    const image = heatmapImage({
      cellPixels: 20,
      maxSeconds: 40,
      cells: [
        { i: 2, j: 5, n: 4, seconds: 40 },
        { i: 4, j: 6, n: 1, seconds: 5 },
      ],
    })!;
    expect([image.width, image.height]).toEqual([3, 2]);
    expect(image.corners).toEqual([
      [100, 40],
      [140, 100],
    ]);
    const alphaAt = (col: number, row: number) => image.rgba[(row * image.width + col) * 4 + 3];
    expect(alphaAt(0, 0)).toBe(240);
    expect(alphaAt(2, 1)).toBeGreaterThan(0);
    expect(alphaAt(1, 0)).toBe(0);
  });

  it('has no image without cells', () => {
    expect(heatmapImage({ cellPixels: 20, maxSeconds: 0, cells: [] })).toBeNull();
  });
});
