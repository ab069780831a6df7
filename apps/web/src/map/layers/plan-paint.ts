/**
 * Paints a predicted-accuracy grid: each floor cell in the colour of its error band, and the edge
 * of the area within the target outlined (a dark line on a light halo, readable on any plan).
 */
import type { PlanAccuracy } from '@rtls/positioning';
import type { Translate } from '../../i18n/i18n.ts';

/** Upper bounds (m) of the error bands; the last band is everything worse, unresolved spots too. */
export const PLAN_BANDS_M = [1, 2, 3, 5, 8] as const;
/** A colour per band, good (green) to bad (red), then the worst band. */
export const PLAN_BAND_COLOURS = [
  '#1a9850',
  '#66bd63',
  '#d9ef8b',
  '#fee08b',
  '#fc8d59',
  '#d73027',
] as const;
const FILL_ALPHA = 150;
/** Canvas pixels per cell side: enough for a crisp outline once the image is scaled. */
const CELL_PX = 4;

/** A band's name in the legend: "up to 2 m", and "over 8 m" for the last. */
export function planBandLabel(band: number, t: Translate): string {
  const upTo = PLAN_BANDS_M[band];
  return upTo === undefined
    ? t('view.plan.bandOver', { m: PLAN_BANDS_M[PLAN_BANDS_M.length - 1]! })
    : t('view.plan.bandUpTo', { m: upTo });
}

/** The band of an error (index into PLAN_BAND_COLOURS). */
export function planBand(errorM: number): number {
  const i = PLAN_BANDS_M.findIndex((b) => errorM <= b);
  return i < 0 ? PLAN_BANDS_M.length : i;
}

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const BAND_RGB = PLAN_BAND_COLOURS.map(rgb);

/** The grid painted on a canvas of nx·CELL_PX × ny·CELL_PX (or null without a 2-D context). */
export function paintPlan(plan: PlanAccuracy, targetM: number): HTMLCanvasElement | null {
  const canvas = document.createElement('canvas');
  canvas.width = plan.nx * CELL_PX;
  canvas.height = plan.ny * CELL_PX;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const cells = new ImageData(plan.nx, plan.ny);
  for (let c = 0; c < plan.p90.length; c++) {
    if (!plan.inside[c]) continue;
    const [r, g, b] = BAND_RGB[planBand(plan.p90[c]!)]!;
    cells.data.set([r!, g!, b!, FILL_ALPHA], c * 4);
  }
  const small = document.createElement('canvas');
  small.width = plan.nx;
  small.height = plan.ny;
  small.getContext('2d')?.putImageData(cells, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(small, 0, 0, canvas.width, canvas.height);
  outline(ctx, plan, targetM);
  return canvas;
}

/** Strokes the cell edges between the area within the target and the rest. */
function outline(ctx: CanvasRenderingContext2D, plan: PlanAccuracy, targetM: number): void {
  const meets = (i: number, j: number) =>
    i >= 0 &&
    j >= 0 &&
    i < plan.nx &&
    j < plan.ny &&
    plan.inside[j * plan.nx + i] === 1 &&
    plan.p90[j * plan.nx + i]! <= targetM;
  const path = new Path2D();
  for (let j = 0; j < plan.ny; j++) {
    for (let i = 0; i < plan.nx; i++) {
      if (!meets(i, j)) continue;
      const x = i * CELL_PX;
      const y = j * CELL_PX;
      if (!meets(i - 1, j)) edge(path, x, y, x, y + CELL_PX);
      if (!meets(i + 1, j)) edge(path, x + CELL_PX, y, x + CELL_PX, y + CELL_PX);
      if (!meets(i, j - 1)) edge(path, x, y, x + CELL_PX, y);
      if (!meets(i, j + 1)) edge(path, x, y + CELL_PX, x + CELL_PX, y + CELL_PX);
    }
  }
  ctx.lineCap = 'square';
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
  ctx.lineWidth = 3;
  ctx.stroke(path);
  ctx.strokeStyle = '#1b1b1b';
  ctx.lineWidth = 1.5;
  ctx.stroke(path);
}

function edge(path: Path2D, x0: number, y0: number, x1: number, y1: number): void {
  path.moveTo(x0, y0);
  path.lineTo(x1, y1);
}
