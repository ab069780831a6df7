/**
 * Uploaded images: the type comes from the bytes (never the client's name or Content-Type), the
 * structure is checked so appended payloads (polyglots) are refused, dimensions are read from the
 * header so decompression bombs are refused before anything decodes them, and SVG is rebuilt from
 * an allow-list.
 */
import { ImageRejected } from './errors.ts';
import { sanitiseSvg } from './svg-sanitiser.ts';

export { ImageRejected };

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg';

export interface CheckedImage {
  kind: ImageKind;
  mime: string;
  extension: string;
  width: number;
  height: number;
  /** The bytes to store (SVG rebuilt; others unchanged). */
  data: Buffer;
}

/** Largest accepted pixel count and side: beyond this a floor plan is a bomb, not a plan. */
export const MAX_PIXELS = 64_000_000;
export const MAX_SIDE = 20_000;

const MIME: Record<ImageKind, [string, string]> = {
  png: ['image/png', 'png'],
  jpeg: ['image/jpeg', 'jpg'],
  gif: ['image/gif', 'gif'],
  webp: ['image/webp', 'webp'],
  svg: ['image/svg+xml', 'svg'],
};

function pngSize(b: Buffer) {
  const sig = b
    .subarray(0, 8)
    .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (!sig) return null;
  if (b.length < 33 || b.toString('latin1', 12, 16) !== 'IHDR')
    throw new ImageRejected('Broken PNG header');
  // The file must end with the IEND chunk: nothing may be appended after the image.
  if (b.toString('latin1', b.length - 8, b.length - 4) !== 'IEND')
    throw new ImageRejected('Data after the PNG image');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gifSize(b: Buffer) {
  const head = b.toString('latin1', 0, 6);
  if (head !== 'GIF87a' && head !== 'GIF89a') return null;
  if (b.length < 14 || b[b.length - 1] !== 0x3b) throw new ImageRejected('Broken or extended GIF');
  return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

function jpegSize(b: Buffer) {
  if (!(b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff)) return null;
  if (!(b[b.length - 2] === 0xff && b[b.length - 1] === 0xd9))
    throw new ImageRejected('Data after the JPEG image');
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) throw new ImageRejected('Broken JPEG');
    const marker = b[i + 1]!;
    const len = b.readUInt16BE(i + 2);
    // Start-of-frame markers (baseline, progressive, ...) carry the dimensions.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5) };
    }
    i += 2 + len;
  }
  throw new ImageRejected('JPEG without a frame header');
}

function webpSize(b: Buffer) {
  if (b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP') return null;
  if (b.readUInt32LE(4) + 8 !== b.length)
    throw new ImageRejected('WebP size does not match the file');
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ' && b.length >= 30)
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30)
    return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  throw new ImageRejected('Unsupported WebP');
}

function looksLikeSvg(b: Buffer): boolean {
  const head = b
    .toString('utf8', 0, Math.min(b.length, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(
    head,
  );
}

/** Validate an uploaded image; throws ImageRejected with a sentence the user can act on. */
export function checkImage(data: Buffer): CheckedImage {
  if (data.length === 0) throw new ImageRejected('The file is empty');
  let kind: ImageKind;
  let size: { width: number; height: number } | null;
  let out = data;
  if ((size = pngSize(data))) kind = 'png';
  else if ((size = jpegSize(data))) kind = 'jpeg';
  else if ((size = gifSize(data))) kind = 'gif';
  else if ((size = webpSize(data))) kind = 'webp';
  else if (looksLikeSvg(data)) {
    const svg = sanitiseSvg(data.toString('utf8'));
    kind = 'svg';
    size = svg.size;
    out = Buffer.from(svg.text, 'utf8');
  } else throw new ImageRejected('Please select an image file (PNG, JPG, GIF, WebP or SVG)');
  const { width, height } = size;
  if (!(width > 0 && height > 0)) throw new ImageRejected('The image has no size');
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
    throw new ImageRejected(`The image is too large: ${width}×${height} pixels`);
  }
  const [mime, extension] = MIME[kind];
  return { kind, mime, extension, width, height, data: out };
}
