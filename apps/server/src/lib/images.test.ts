import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pngImage } from '../../test/fixtures.ts';
import { checkImage, MAX_PIXELS } from './images.ts';

describe('checkImage', () => {
  it('reads a PNG type and size from its bytes', () => {
    const img = checkImage(pngImage(640, 480));
    expect(img).toMatchObject({ kind: 'png', mime: 'image/png', width: 640, height: 480 });
  });

  it('refuses a polyglot: a PNG with an HTML payload appended', () => {
    const poly = Buffer.concat([
      pngImage(10, 10),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]);
    expect(() => checkImage(poly)).toThrow(/after the PNG/);
  });

  it('refuses text that only claims to be an image', () => {
    expect(() => checkImage(Buffer.from('<html><body>hi</body></html>'))).toThrow(/image file/);
    expect(() => checkImage(Buffer.alloc(0))).toThrow(/empty/);
  });

  it('refuses a pixel flood by its header, without decoding it', () => {
    expect(() => checkImage(pngImage(30_000, 30_000, { realData: false }))).toThrow(/too large/);
    const side = Math.ceil(Math.sqrt(MAX_PIXELS)) + 1;
    expect(() => checkImage(pngImage(side, side, { realData: false }))).toThrow(/too large/);
  });

  it('reads GIF and JPEG sizes and refuses appended data', () => {
    const gif = Buffer.concat([
      Buffer.from('GIF89a', 'latin1'),
      Buffer.from([0x20, 0x03, 0x58, 0x02]),
      Buffer.alloc(20),
      Buffer.from([0x3b]),
    ]);
    expect(checkImage(gif)).toMatchObject({ kind: 'gif', width: 800, height: 600 });
    expect(() => checkImage(Buffer.concat([gif, Buffer.from('<script>')]))).toThrow();
    const sof = Buffer.from([
      0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x01, 0x90, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.from([0xff, 0xd9])]);
    expect(checkImage(jpeg)).toMatchObject({ kind: 'jpeg', width: 400, height: 300 });
  });

  describe('SVG', () => {
    const svg = (body: string, attrs = 'width="200" height="100"') =>
      Buffer.from(
        `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`,
      );

    it('keeps drawing elements and reads the size', () => {
      const out = checkImage(svg('<rect x="1" y="2" width="3" height="4" fill="#fff"/>'));
      expect(out).toMatchObject({ kind: 'svg', mime: 'image/svg+xml', width: 200, height: 100 });
      expect(out.data.toString()).toContain('<rect x="1" y="2" width="3" height="4" fill="#fff"/>');
    });

    it('drops scripts, event handlers, foreignObject and external references', () => {
      const out = checkImage(
        svg(
          '<script>alert(1)</script><rect onload="alert(2)" width="1" height="1"/>' +
            '<foreignObject><iframe src="https://evil"></iframe></foreignObject>' +
            '<use href="https://evil/x.svg#a"/><use xlink:href="#local"/>' +
            '<rect fill="url(https://evil/p)" width="1" height="1"/><a href="javascript:alert(3)"><text>x</text></a>' +
            '<style>@import url(https://evil/x.css);</style>',
        ),
      ).data.toString();
      expect(out).not.toMatch(/script|onload|foreignObject|iframe|evil|javascript|style|@import/i);
      expect(out).toContain('<use xlink:href="#local"/>');
    });

    it('refuses entity declarations (billion laughs, external entities)', () => {
      const bomb =
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg width="1" height="1">&a;</svg>';
      expect(() => checkImage(Buffer.from(bomb))).toThrow(/entity/i);
    });

    it('uses the viewBox when width and height are missing', () => {
      expect(checkImage(svg('', 'viewBox="0 0 1200 800"'))).toMatchObject({
        width: 1200,
        height: 800,
      });
    });

    it('accepts the shipped demo floor plan', () => {
      const file = path.resolve(import.meta.dirname, '../../../web/public/maps/floor1.svg');
      expect(checkImage(fs.readFileSync(file))).toMatchObject({ width: 1200, height: 800 });
    });
  });
});
