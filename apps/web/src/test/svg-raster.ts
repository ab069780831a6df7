/**
 * A small rasteriser of the floor-plan SVGs the console ships, for tests: <rect> and <line>
 * (stroke width, square or butt caps) inside <g transform="translate(…)">, on a grey canvas,
 * anti-aliased by area (rects) and 4 × 4 samples a pixel (lines). It has no font: each letter of
 * a <text> is drawn as the outline of a letter-sized box in the text's colour, which puts
 * text-like clutter (short strokes, close together) where the plan's labels are.
 */

export interface GreyImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
  channels: 1;
}

const num = (attrs: string, name: string, fallback = 0) => {
  const m = new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs);
  return m ? Number(m[1]) : fallback;
};
const str = (attrs: string, name: string) =>
  new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs)?.[1];

/** Luminance (0–255) of #rgb / #rrggbb; black for anything else. */
function luminance(colour: string | undefined): number {
  const hex = colour?.startsWith('#') ? colour.slice(1) : '';
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  if (full.length !== 6) return 0;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b!;
}

function paint(img: GreyImage, x: number, y: number, grey: number, coverage: number) {
  if (coverage <= 0 || x < 0 || y < 0 || x >= img.width || y >= img.height) return;
  const i = y * img.width + x;
  img.data[i] = img.data[i]! * (1 - coverage) + grey * coverage;
}

/** An axis-aligned rectangle, each pixel covered by the share of its area inside. */
function fillRect(img: GreyImage, x0: number, y0: number, x1: number, y1: number, grey: number) {
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(img.height, Math.ceil(y1)); y++) {
    const cy = Math.min(y + 1, y1) - Math.max(y, y0);
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(img.width, Math.ceil(x1)); x++)
      paint(img, x, y, grey, cy * (Math.min(x + 1, x1) - Math.max(x, x0)));
  }
}

/** A stroked line: the rectangle around a–b, `cap` half widths beyond each end. */
function strokeLine(
  img: GreyImage,
  a: [number, number],
  b: [number, number],
  width: number,
  cap: number,
  grey: number,
) {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (len === 0) return;
  const ux = (b[0] - a[0]) / len;
  const uy = (b[1] - a[1]) / len;
  const half = width / 2;
  const pad = half + cap;
  const [xs, ys] = [
    [a[0], b[0]],
    [a[1], b[1]],
  ];
  const x0 = Math.floor(Math.min(...xs) - pad);
  const x1 = Math.ceil(Math.max(...xs) + pad);
  const y0 = Math.floor(Math.min(...ys) - pad);
  const y1 = Math.ceil(Math.max(...ys) + pad);
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      let inside = 0;
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) {
          const dx = x + (sx + 0.5) / 4 - a[0];
          const dy = y + (sy + 0.5) / 4 - a[1];
          const t = dx * ux + dy * uy;
          const p = -dx * uy + dy * ux;
          if (t >= -cap && t <= len + cap && Math.abs(p) <= half) inside++;
        }
      paint(img, x, y, grey, inside / 16);
    }
}

/** Each letter as a box outline about the size of a glyph of this font size. */
function textStandIn(
  img: GreyImage,
  text: string,
  x: number,
  baseline: number,
  size: number,
  anchor: string | undefined,
  grey: number,
) {
  const advance = 0.6 * size;
  const w = 0.5 * size;
  const h = 0.7 * size;
  const line = Math.max(1, 0.09 * size);
  const total = text.length * advance;
  const left = anchor === 'middle' ? x - total / 2 : anchor === 'end' ? x - total : x;
  [...text].forEach((ch, i) => {
    if (ch.trim() === '') return;
    const gx = left + i * advance;
    const top = baseline - h;
    fillRect(img, gx, top, gx + w, top + line, grey);
    fillRect(img, gx, baseline - line, gx + w, baseline, grey);
    fillRect(img, gx, top, gx + line, baseline, grey);
    fillRect(img, gx + w - line, top, gx + w, baseline, grey);
  });
}

/** A white (250) grey image with the given dark (30) rectangles [x0, y0, x1, y1], pixels. */
export function boxesImage(
  width: number,
  height: number,
  boxes: readonly [number, number, number, number][],
): GreyImage {
  const data = new Uint8ClampedArray(width * height).fill(250);
  for (const [x0, y0, x1, y1] of boxes)
    for (let y = y0; y < y1; y++) data.fill(30, y * width + x0, y * width + x1);
  return { width, height, data, channels: 1 };
}

/** The SVG drawn on a white canvas of its width × height. */
export function rasteriseSvg(svg: string): GreyImage {
  const root = /<svg([^>]*)>/.exec(svg)?.[1] ?? '';
  const width = num(root, 'width');
  const height = num(root, 'height');
  const img: GreyImage = {
    width,
    height,
    data: new Uint8ClampedArray(width * height).fill(255),
    channels: 1,
  };
  const offsets: [number, number][] = [[0, 0]];
  const tags = /<(\/?)(\w+)([^>]*?)\/?>(?:([^<]*)<\/text>)?/g;
  for (const [, closing, name, attrs = '', content] of svg.matchAll(tags)) {
    const [ox, oy] = offsets.at(-1)!;
    if (name === 'g') {
      if (closing) offsets.pop();
      else {
        const m = /translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(str(attrs, 'transform') ?? '');
        offsets.push([ox + Number(m?.[1] ?? 0), oy + Number(m?.[2] ?? 0)]);
      }
    } else if (name === 'rect' && !closing) {
      const x = ox + num(attrs, 'x');
      const y = oy + num(attrs, 'y');
      fillRect(
        img,
        x,
        y,
        x + num(attrs, 'width'),
        y + num(attrs, 'height'),
        luminance(str(attrs, 'fill')),
      );
    } else if (name === 'line' && !closing) {
      const w = num(attrs, 'stroke-width', 1);
      const cap = str(attrs, 'stroke-linecap') === 'square' ? w / 2 : 0;
      strokeLine(
        img,
        [ox + num(attrs, 'x1'), oy + num(attrs, 'y1')],
        [ox + num(attrs, 'x2'), oy + num(attrs, 'y2')],
        w,
        cap,
        luminance(str(attrs, 'stroke')),
      );
    } else if (name === 'text' && !closing && content) {
      textStandIn(
        img,
        content,
        ox + num(attrs, 'x'),
        oy + num(attrs, 'y'),
        num(attrs, 'font-size', 16),
        str(attrs, 'text-anchor'),
        luminance(str(attrs, 'fill')),
      );
    }
  }
  return img;
}
