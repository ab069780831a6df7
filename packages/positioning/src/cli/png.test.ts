import { describe, expect, it } from 'vitest';
import { decodePng } from './png.ts';
import { encodePng } from './test-png.ts';

describe('decodePng', () => {
  it('reads 8-bit grey rows under each filter', () => {
    // Every row decodes to 10 20 30: None, Sub, Up (on the row above), Average, Paeth.
    const png = encodePng(3, 5, 0, 8, [
      [0, 10, 20, 30],
      [1, 10, 10, 10],
      [2, 0, 0, 0],
      [3, 5, 5, 5],
      [4, 0, 0, 0],
    ]);
    const img = decodePng(png);
    expect([img.width, img.height]).toEqual([3, 5]);
    expect([...img.lightness]).toEqual([
      10, 20, 30, 10, 20, 30, 10, 20, 30, 10, 20, 30, 10, 20, 30,
    ]);
  });

  it('reads RGB, RGBA over white, and 1-bit palette images', () => {
    const rgb = decodePng(encodePng(2, 1, 2, 8, [[0, 255, 255, 255, 0, 0, 0]]));
    expect([...rgb.lightness]).toEqual([255, 0]);
    // A transparent black pixel shows white; an opaque one black.
    const rgba = decodePng(encodePng(2, 1, 6, 8, [[0, 0, 0, 0, 0, 0, 0, 0, 255]]));
    expect([...rgba.lightness]).toEqual([255, 0]);
    // Palette: 0 = white, 1 = black; pixels 1 0 1 packed in the top bits of one byte.
    const pal = decodePng(
      encodePng(3, 1, 3, 1, [[0, 0b10100000]], { palette: [255, 255, 255, 0, 0, 0] }),
    );
    expect([...pal.lightness]).toEqual([0, 255, 0]);
  });

  it('names the file and the fault for what it cannot read', () => {
    expect(() => decodePng(Buffer.from('GIF89a......'), 'plan.png')).toThrow(
      'plan.png: not a PNG file',
    );
    expect(() => decodePng(encodePng(1, 1, 0, 8, [[0, 0]], { interlace: 1 }), 'p.png')).toThrow(
      'p.png: interlaced PNGs are not supported',
    );
    expect(() => decodePng(encodePng(1, 1, 2, 16, [[0, 0, 0, 0, 0, 0, 0]]), 'p.png')).toThrow(
      '16-bit colour images are not supported',
    );
    const corrupt = encodePng(1, 1, 0, 8, [[0, 7]]);
    corrupt[corrupt.length - 20] = corrupt[corrupt.length - 20]! ^ 0xff;
    expect(() => decodePng(corrupt, 'p.png')).toThrow(/p\.png: its \w+ chunk is corrupt/);
    expect(() => decodePng(encodePng(2, 1, 0, 8, [[0, 1]]), 'p.png')).toThrow(
      'shorter than the image',
    );
  });
});
