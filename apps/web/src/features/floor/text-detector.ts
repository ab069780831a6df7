/**
 * Text printed in a floor plan image (room names): small connected blobs of ink, the glyphs,
 * lined up side by side make a line of text. Walls are long strokes joined into large blobs, so
 * they are never glyphs; a lone small blob (a door swing, a speck) is not text either. Pure: it
 * reads the same pixel array as the wall detector and touches no DOM.
 */
import { forEachCluster } from './ink-clusters.ts';
import { inkMask, type PlanPixels } from './wall-detector.ts';

export interface TextDetectOptions {
  /** The plan's scale: the glyph size below is in metres. */
  pixelsPerMetre: number;
  /** Largest glyph (either side, m): a bigger blob is a wall, a fill or a drawing. */
  maxGlyphM?: number;
  /** Smallest glyph (either side, px): smaller blobs are specks. */
  minGlyphPx?: number;
  /** Fewest glyphs in a line of text. */
  minGlyphs?: number;
  /** Luminance (0–255) below which a pixel is ink. */
  darkThreshold?: number;
}

/** An axis-aligned box by its corners, image pixels. */
export interface TextBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Room names are often printed in a mid grey, lighter than the walls (the demo plan's corridor
 * names are at a luminance of about 140); paper, room fills and grid lines stay above 200.
 */
export const TEXT_DETECT_DEFAULTS = {
  maxGlyphM: 1.5,
  minGlyphPx: 3,
  minGlyphs: 2,
  darkThreshold: 170,
} as const;

/**
 * The bounding boxes (right and bottom ends excluded) of the mask's 8-connected blobs no larger
 * than `maxSide` on either side. Clears the mask.
 */
export function smallBlobs(
  mask: Uint8Array,
  width: number,
  height: number,
  maxSide: number,
): TextBox[] {
  const out: TextBox[] = [];
  forEachCluster(mask, width, height, (_pixels, _count, { x0, y0, x1, y1 }) => {
    if (x1 - x0 + 1 <= maxSide && y1 - y0 + 1 <= maxSide)
      out.push({ x0, y0, x1: x1 + 1, y1: y1 + 1 });
  });
  return out;
}

/**
 * Whether two glyph boxes belong to one line of text: their heights overlap by at least half the
 * smaller one (a dot of an i or a comma lies within its line), and the space between them is no
 * wider than the taller one's height (letters and the spaces between words).
 */
function sameLine(a: TextBox, b: TextBox): boolean {
  const ha = a.y1 - a.y0;
  const hb = b.y1 - b.y0;
  const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (overlap < Math.min(ha, hb) / 2) return false;
  const gap = Math.max(a.x0, b.x0) - Math.min(a.x1, b.x1);
  return gap <= Math.max(ha, hb);
}

/** Glyphs joined into lines (union of every pair on one line), with how many glyphs each holds. */
function lines(glyphs: readonly TextBox[]): { box: TextBox; glyphs: number }[] {
  const parent = glyphs.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  // Sorted by their left edge, a glyph is compared only with those that start before its line
  // could end (one glyph height past its right edge).
  const order = glyphs.map((_, i) => i).sort((a, b) => glyphs[a]!.x0 - glyphs[b]!.x0);
  const reach = glyphs.reduce((most, g) => Math.max(most, g.y1 - g.y0), 0);
  for (let k = 0; k < order.length; k++) {
    const a = glyphs[order[k]!]!;
    for (let m = k + 1; m < order.length; m++) {
      const b = glyphs[order[m]!]!;
      if (b.x0 > a.x1 + reach) break;
      if (sameLine(a, b)) parent[root(order[k]!)] = root(order[m]!);
    }
  }
  const byRoot = new Map<number, { box: TextBox; glyphs: number }>();
  glyphs.forEach((g, i) => {
    const r = root(i);
    const line = byRoot.get(r);
    if (!line) byRoot.set(r, { box: { ...g }, glyphs: 1 });
    else {
      line.glyphs++;
      line.box.x0 = Math.min(line.box.x0, g.x0);
      line.box.y0 = Math.min(line.box.y0, g.y0);
      line.box.x1 = Math.max(line.box.x1, g.x1);
      line.box.y1 = Math.max(line.box.y1, g.y1);
    }
  });
  return [...byRoot.values()];
}

/** The boxes of the lines of text printed in the plan image, image pixels. */
export function detectTextBoxes(img: PlanPixels, options: TextDetectOptions): TextBox[] {
  const o = { ...TEXT_DETECT_DEFAULTS, ...options };
  const mask = inkMask(img, o.darkThreshold);
  const maxSide = Math.max(o.minGlyphPx, o.maxGlyphM * o.pixelsPerMetre);
  const glyphs = smallBlobs(mask, img.width, img.height, maxSide).filter(
    (b) => Math.max(b.x1 - b.x0, b.y1 - b.y0) >= o.minGlyphPx,
  );
  return lines(glyphs)
    .filter((l) => l.glyphs >= o.minGlyphs)
    .map((l) => l.box);
}
