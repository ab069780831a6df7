/**
 * The plan's strokes and printed text, read from its image in the browser: the image is drawn on
 * a canvas at the map's image size (smaller for a very large plan) and its pixels go to the
 * detectors. Works for images of the console's own site (/maps/…, /images/…, /uploads/…); a
 * canvas may not read another site's image.
 */
import type { Size, TrackingMap } from '@rtls/contract';
import { framePixelsPerMetre } from '@rtls/positioning';
import { imageSize } from '../../map/crs.ts';
import { planImageUrl } from '../../map/image-url.ts';
import { detectTextBoxes, type TextBox } from './text-detector.ts';
import { detectWalls, type PlanPixels, type Stroke } from './wall-detector.ts';

/** Longest canvas side read: larger plans are read scaled down. */
const MAX_SIDE = 4096;
/**
 * Longest canvas side read for text, which the live map reads on every visit: a quarter of the
 * pixels of MAX_SIDE, and printed names stay several pixels tall.
 */
const TEXT_MAX_SIDE = 2048;

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.decoding = 'async';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`The plan image ${url} could not be loaded`));
    img.src = url;
  });
}

/**
 * The image's pixels at the map's image size (scaled down to `maxSide` on its longer side); `scale`
 * is image pixels per map pixel.
 */
async function readPlanPixels(
  url: string,
  size: Size,
  maxSide: number,
): Promise<{ pixels: PlanPixels; scale: number }> {
  const img = await loadImage(url);
  const scale = Math.min(1, maxSide / Math.max(size.width, size.height));
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('This browser cannot read images in a canvas');
  ctx.drawImage(img, 0, 0, width, height);
  const { data } = ctx.getImageData(0, 0, width, height);
  return { pixels: { width, height, data, channels: 4 }, scale };
}

/** The plan's dark straight strokes in map pixels. */
export async function readPlanStrokes(
  url: string,
  size: Size,
  pixelsPerMetre: number,
): Promise<Stroke[]> {
  const { pixels, scale } = await readPlanPixels(url, size, MAX_SIDE);
  const strokes = detectWalls(pixels, { pixelsPerMetre: pixelsPerMetre * scale });
  const back = (p: { x: number; y: number }) => ({ x: p.x / scale, y: p.y / scale });
  return strokes.map((s) => ({ a: back(s.a), b: back(s.b), thickness: s.thickness / scale }));
}

/** The boxes of the text printed in the plan (room names), in map pixels. */
export async function readPlanText(
  url: string,
  size: Size,
  pixelsPerMetre: number,
): Promise<TextBox[]> {
  const { pixels, scale } = await readPlanPixels(url, size, TEXT_MAX_SIDE);
  const boxes = detectTextBoxes(pixels, { pixelsPerMetre: pixelsPerMetre * scale });
  return boxes.map((b) => ({
    x0: b.x0 / scale,
    y0: b.y0 / scale,
    x1: b.x1 / scale,
    y1: b.y1 / scale,
  }));
}

/** The reader of a map's plan strokes (its image, else the default image), or null: no image. */
export function planReader(map: TrackingMap, defaultImage: string) {
  const url = planImageUrl(map, defaultImage);
  if (!url) return null;
  return () => readPlanStrokes(url, imageSize(map.settings), framePixelsPerMetre(map));
}
