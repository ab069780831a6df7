/**
 * A small PNG reader for walkable-area masks: non-interlaced grey, grey + alpha, RGB, RGBA (8 bit)
 * and palette or grey images of 1, 2, 4 or 8 bits, decoded to one lightness per pixel. No PNG
 * package is a dependency of the workspace, and masks need nothing more.
 */
import { inflateSync } from 'node:zlib';

/** A decoded image: lightness 0 (black) … 255 (white) per pixel, row by row, top row first. */
export interface GreyImage {
  width: number;
  height: number;
  /** Each pixel's lightness, composited over white where the image has transparency. */
  lightness: Uint8Array;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Channels per pixel of each colour type. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 as PNG chunks carry it (over the chunk's type and data). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Decode a PNG; the error names the file and what is wrong or not supported. */
export function decodePng(data: Uint8Array, file = 'image.png'): GreyImage {
  const fail = (problem: string): never => {
    throw new Error(`${file}: ${problem}`);
  };
  if (data.length < 8 || SIGNATURE.some((b, i) => data[i] !== b)) fail('not a PNG file');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let header: { width: number; height: number; depth: number; type: number } | null = null;
  let palette: Uint8Array | null = null;
  let paletteAlpha: Uint8Array | null = null;
  const idat: Uint8Array[] = [];
  let at = 8;
  for (;;) {
    if (at + 12 > data.length) fail('truncated (no IEND chunk)');
    const length = view.getUint32(at);
    const type = String.fromCharCode(...data.subarray(at + 4, at + 8));
    if (at + 12 + length > data.length) fail(`truncated in its ${type} chunk`);
    const body = data.subarray(at + 8, at + 8 + length);
    if (crc32(data.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length))
      fail(`its ${type} chunk is corrupt (CRC mismatch)`);
    at += 12 + length;
    if (type === 'IHDR') {
      const h = new DataView(body.buffer, body.byteOffset, body.byteLength);
      header = { width: h.getUint32(0), height: h.getUint32(4), depth: body[8]!, type: body[9]! };
      if (body[12] !== 0) fail('interlaced PNGs are not supported (save it non-interlaced)');
    } else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') paletteAlpha = body;
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
  }
  if (!header) return fail('no IHDR chunk');
  const { width, height, depth, type } = header;
  const channels = CHANNELS[type];
  if (channels === undefined) return fail(`unknown colour type ${type}`);
  const subByte = type === 0 || type === 3;
  if (depth !== 8 && !(subByte && [1, 2, 4].includes(depth)))
    fail(
      `${depth}-bit ${type === 3 ? 'palette' : 'colour'} images are not supported ` +
        '(save it as 8-bit grey, RGB or RGBA)',
    );
  if (type === 3 && !palette) fail('palette image without a PLTE chunk');
  if (width === 0 || height === 0) fail('the image is empty');
  let raw: Uint8Array;
  try {
    raw = inflateSync(Buffer.concat(idat));
  } catch (e) {
    return fail(`its image data does not inflate (${(e as Error).message})`);
  }
  const rowBytes = Math.ceil((width * channels * depth) / 8);
  if (raw.length < height * (rowBytes + 1)) fail('its image data is shorter than the image');
  const rows = unfilter(raw, height, rowBytes, Math.max(1, (channels * depth) / 8), fail);
  const lightness = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = rows.subarray(y * rowBytes, (y + 1) * rowBytes);
    for (let x = 0; x < width; x++) {
      lightness[y * width + x] = pixelLightness(row, x, depth, type, palette, paletteAlpha);
    }
  }
  return { width, height, lightness };
}

/** The image's bytes with the per-row filters (None, Sub, Up, Average, Paeth) undone. */
function unfilter(
  raw: Uint8Array,
  height: number,
  rowBytes: number,
  bpp: number,
  fail: (problem: string) => never,
): Uint8Array {
  const out = new Uint8Array(height * rowBytes);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (rowBytes + 1)]!;
    const src = raw.subarray(y * (rowBytes + 1) + 1, (y + 1) * (rowBytes + 1));
    const o = y * rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const a = i >= bpp ? out[o + i - bpp]! : 0;
      const b = y > 0 ? out[o - rowBytes + i]! : 0;
      const c = i >= bpp && y > 0 ? out[o - rowBytes + i - bpp]! : 0;
      let v: number;
      if (filter === 0) v = 0;
      else if (filter === 1) v = a;
      else if (filter === 2) v = b;
      else if (filter === 3) v = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      } else return fail(`row ${y + 1} has an unknown filter ${filter}`);
      out[o + i] = (src[i]! + v) & 0xff;
    }
  }
  return out;
}

/** Rec. 601 lightness of an RGB colour. */
const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

/** Over white: what a transparent pixel shows on a blank page. */
const overWhite = (v: number, alpha: number) => Math.round((v * alpha + 255 * (255 - alpha)) / 255);

function pixelLightness(
  row: Uint8Array,
  x: number,
  depth: number,
  type: number,
  palette: Uint8Array | null,
  paletteAlpha: Uint8Array | null,
): number {
  if (type === 0 || type === 3) {
    const perByte = 8 / depth;
    const byte = row[Math.floor(x / perByte)]!;
    const shift = 8 - depth * ((x % perByte) + 1);
    const v = (byte >> shift) & ((1 << depth) - 1);
    if (type === 0) return Math.round((v * 255) / ((1 << depth) - 1));
    const p = palette!;
    if (3 * v + 2 >= p.length) return 0;
    const alpha = paletteAlpha && v < paletteAlpha.length ? paletteAlpha[v]! : 255;
    return overWhite(luma(p[3 * v]!, p[3 * v + 1]!, p[3 * v + 2]!), alpha);
  }
  if (type === 4) return overWhite(row[2 * x]!, row[2 * x + 1]!);
  const c = CHANNELS[type]!;
  const v = luma(row[c * x]!, row[c * x + 1]!, row[c * x + 2]!);
  return type === 6 ? overWhite(v, row[c * x + 3]!) : Math.round(v);
}
