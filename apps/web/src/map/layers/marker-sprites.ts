/**
 * Pre-rendered images of the canvas device markers (dot, name label, name box), drawn once per
 * look and copied with drawImage on every redraw: shadows and text are the slow parts of a canvas,
 * so thousands of markers cost one image copy each. Looks follow the DOM markers' CSS.
 */
import { MARKER, NAME_BOX, nameBoxWidth } from '@rtls/contract';
import { LABEL_GAP, LABEL_HEIGHT } from './canvas-markers.ts';

/** Colours and text settings read from the page's CSS variables (theme) and direction. */
export interface SpriteTheme {
  surface: string;
  text: string;
  muted: string;
  /** Liveness dot colours (CSS --live and --stale). */
  live: string;
  stale: string;
  font: string;
  rtl: boolean;
  dpr: number;
}

export type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export interface Sprite {
  image: HTMLCanvasElement | ImageBitmap;
  /** Size in CSS pixels. */
  w: number;
  h: number;
  /** Where the marker's centre is inside the image (CSS pixels; may lie outside it). */
  cx: number;
  cy: number;
}

/** Room for shadows around each image. */
const MARGIN = 6;
/** The cache starts over beyond this many images (names change rarely; this bounds memory). */
const MAX_SPRITES = 8000;

function roundRect(ctx: Context2D, x: number, y: number, w: number, h: number) {
  const r = 6;
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

function liveDot(ctx: Context2D, x: number, y: number, colour: string) {
  ctx.beginPath();
  ctx.arc(x, y, 4.5, 0, Math.PI * 2);
  ctx.fillStyle = '#fff';
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x, y, 3, 0, Math.PI * 2);
  ctx.fillStyle = colour;
  ctx.fill();
}

/**
 * A drawing surface: an OffscreenCanvas where there is one (also in workers), whose ImageBitmap
 * is copied far faster than a canvas element (no snapshot per drawImage).
 */
function surface(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  return Object.assign(document.createElement('canvas'), { width, height });
}

export class SpriteCache {
  private readonly sprites = new Map<string, Sprite>();
  private readonly measurer: Context2D | null;

  constructor(readonly theme: SpriteTheme) {
    this.measurer = surface(1, 1).getContext('2d') as Context2D | null;
    if (this.measurer) this.measurer.font = theme.font;
  }

  private make(w: number, h: number, cx: number, cy: number, draw: (c: Context2D) => void): Sprite {
    const { dpr } = this.theme;
    const pw = Math.ceil(w * dpr);
    const ph = Math.ceil(h * dpr);
    const target = surface(pw, ph);
    const ctx = target.getContext('2d') as Context2D | null;
    if (ctx) {
      ctx.scale(dpr, dpr);
      ctx.font = this.theme.font;
      ctx.direction = this.theme.rtl ? 'rtl' : 'ltr';
      draw(ctx);
    }
    const image = 'transferToImageBitmap' in target ? target.transferToImageBitmap() : target;
    return { image, w, h, cx, cy };
  }

  private cached(key: string, build: () => Sprite): Sprite {
    let s = this.sprites.get(key);
    if (!s) {
      if (this.sprites.size >= MAX_SPRITES) this.sprites.clear();
      s = build();
      this.sprites.set(key, s);
    }
    return s;
  }

  private liveColour(live: boolean): string {
    return live ? this.theme.live : this.theme.stale;
  }

  private readonly widths = new Map<string, number>();

  /** Width of a name label (text plus 6 px padding each side), without drawing it. */
  labelWidth(name: string): number {
    let w = this.widths.get(name);
    if (w === undefined) {
      if (this.widths.size >= MAX_SPRITES) this.widths.clear();
      w = Math.ceil(this.measurer?.measureText(name).width ?? name.length * 7) + 12;
      this.widths.set(name, w);
    }
    return w;
  }

  /** A 22 px dot in the device colour with a white border and the live dot at its top end. */
  dot(colour: string, live: boolean): Sprite {
    return this.cached(`d|${colour}|${live}`, () => {
      const r = MARKER.dot / 2;
      const size = MARKER.dot + 2 * MARGIN;
      const c = MARGIN + r;
      return this.make(size, size, c, c, (ctx) => {
        ctx.save();
        ctx.shadowColor = 'rgba(0,0,0,0.3)';
        ctx.shadowBlur = 6 * this.theme.dpr;
        ctx.shadowOffsetY = 2 * this.theme.dpr;
        ctx.beginPath();
        ctx.arc(c, c, r, 0, Math.PI * 2);
        ctx.fillStyle = '#fff';
        ctx.fill();
        ctx.restore();
        ctx.lineWidth = 1;
        ctx.strokeStyle = 'rgba(0,0,0,0.35)';
        ctx.beginPath();
        ctx.arc(c, c, r + 0.5, 0, Math.PI * 2);
        ctx.stroke();
        ctx.beginPath();
        ctx.arc(c, c, r - MARKER.border, 0, Math.PI * 2);
        ctx.fillStyle = colour;
        ctx.fill();
        liveDot(ctx, this.theme.rtl ? c - 8.5 : c + 8.5, c - 8.5, this.liveColour(live));
      });
    });
  }

  /** The device name on a small card, 3 px under the dot. */
  label(name: string): Sprite {
    return this.cached(`l|${name}`, () => {
      const w = this.labelWidth(name);
      const top = MARKER.dot / 2 + LABEL_GAP;
      return this.make(
        w + 2 * MARGIN,
        LABEL_HEIGHT + 2 * MARGIN,
        MARGIN + w / 2,
        MARGIN - top,
        (ctx) => {
          ctx.save();
          ctx.shadowColor = 'rgba(0,0,0,0.15)';
          ctx.shadowBlur = 3 * this.theme.dpr;
          ctx.shadowOffsetY = 1 * this.theme.dpr;
          roundRect(ctx, MARGIN, MARGIN, w, LABEL_HEIGHT);
          ctx.fillStyle = this.theme.surface;
          ctx.fill();
          ctx.restore();
          ctx.fillStyle = this.theme.text;
          ctx.textAlign = 'center';
          ctx.textBaseline = 'middle';
          ctx.fillText(name, MARGIN + w / 2, MARGIN + LABEL_HEIGHT / 2 + 0.5);
        },
      );
    });
  }

  /** A name box (24 px high, length × 8 + 6 wide) with the device colour as its border. */
  nameBox(name: string, colour: string, live: boolean): Sprite {
    return this.cached(`n|${name}|${colour}|${live}`, () => {
      const w = nameBoxWidth(name);
      const h = NAME_BOX.height;
      return this.make(w + 2 * MARGIN, h + 2 * MARGIN, MARGIN + w / 2, MARGIN + h / 2, (ctx) => {
        ctx.save();
        ctx.shadowColor = 'rgba(0,0,0,0.15)';
        ctx.shadowBlur = 3 * this.theme.dpr;
        ctx.shadowOffsetY = 1 * this.theme.dpr;
        roundRect(ctx, MARGIN + 1, MARGIN + 1, w - 2, h - 2);
        ctx.fillStyle = this.theme.surface;
        ctx.fill();
        ctx.restore();
        ctx.lineWidth = 2;
        ctx.strokeStyle = colour;
        ctx.stroke();
        ctx.save();
        ctx.clip();
        ctx.fillStyle = this.theme.text;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(this.fit(name, w - 10), MARGIN + w / 2, MARGIN + h / 2 + 0.5);
        liveDot(
          ctx,
          this.theme.rtl ? MARGIN + 5 : MARGIN + w - 5,
          MARGIN + 5,
          this.liveColour(live),
        );
        ctx.restore();
      });
    });
  }

  /** The name, cut with an ellipsis to fit the width. */
  private fit(name: string, width: number): string {
    const m = this.measurer;
    if (!m || m.measureText(name).width <= width) return name;
    let n = name.length;
    while (n > 1 && m.measureText(`${name.slice(0, n)}…`).width > width) n--;
    return `${name.slice(0, n)}…`;
  }
}
