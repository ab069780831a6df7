/**
 * Pre-rendered images of the canvas device markers (dot, name label, name box), drawn once per
 * look and copied with drawImage on every redraw: shadows and text are the slow parts of a canvas,
 * so thousands of markers cost one image copy each. Looks follow the DOM markers' CSS.
 */
import type { StatusColour } from '@rtls/contract';
import { LABEL_FONT, LABEL_LINE, RING, SPOT, metaLine, type LabelText } from './marker-label.ts';
import { MARKER, NAME_BOX } from '../../constants.ts';

/** Colours and text settings read from the page's CSS variables (theme) and direction. */
export interface SpriteTheme {
  surface: string;
  text: string;
  muted: string;
  /** Liveness dot colours (CSS --live and --stale). */
  live: string;
  stale: string;
  /** Status colours for the confidence ring (green, yellow; red is the stale colour). */
  ok: string;
  warn: string;
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

  /** The ring's colour for a confidence colour (the theme's status colours). */
  private ringColour(ring: StatusColour): string {
    return ring === 'green'
      ? this.theme.ok
      : ring === 'yellow'
        ? this.theme.warn
        : this.theme.stale;
  }

  /** A ring of the confidence colour around a circle of radius r at (c, c). */
  private ring(ctx: Context2D, c: number, r: number, ring: StatusColour | null) {
    if (!ring) return;
    ctx.beginPath();
    ctx.arc(c, c, r + RING / 2 + 0.5, 0, Math.PI * 2);
    ctx.lineWidth = RING;
    ctx.strokeStyle = this.ringColour(ring);
    ctx.stroke();
  }

  /** A 22 px dot in the device colour with a white border and the live dot at its top end. */
  dot(colour: string, live: boolean, ring: StatusColour | null): Sprite {
    return this.cached(`d|${colour}|${live}|${ring}`, () => {
      const r = MARKER.dot / 2;
      const size = MARKER.dot + 2 * MARGIN + 2 * RING;
      const c = size / 2;
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
        this.ring(ctx, c, r, ring);
        ctx.beginPath();
        ctx.arc(c, c, r - MARKER.border, 0, Math.PI * 2);
        ctx.fillStyle = colour;
        ctx.fill();
        liveDot(ctx, this.theme.rtl ? c - 8.5 : c + 8.5, c - 8.5, this.liveColour(live));
      });
    });
  }

  /** The small spot of a device drawn as a name box (seen when the box moved away). */
  spot(colour: string, ring: StatusColour | null): Sprite {
    return this.cached(`s|${colour}|${ring}`, () => {
      const r = SPOT / 2;
      const size = SPOT + 2 * MARGIN + 2 * RING;
      const c = size / 2;
      return this.make(size, size, c, c, (ctx) => {
        ctx.beginPath();
        ctx.arc(c, c, r, 0, Math.PI * 2);
        ctx.fillStyle = '#fff';
        ctx.fill();
        ctx.beginPath();
        ctx.arc(c, c, r - 2, 0, Math.PI * 2);
        ctx.fillStyle = colour;
        ctx.fill();
        this.ring(ctx, c, r, ring);
      });
    });
  }

  /** The text lines of a label, centred in a w × h box at (x, y) = its top-left corner. */
  private lines(ctx: Context2D, text: LabelText, x: number, y: number, w: number, top: number) {
    ctx.fillStyle = this.theme.text;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    let at = y + top;
    if (text.name !== null) {
      ctx.font = LABEL_FONT.name;
      ctx.fillText(this.fit(text.name, w - 10), x + w / 2, at + LABEL_LINE.name / 2 + 0.5);
      at += LABEL_LINE.name;
    }
    const meta = metaLine(text);
    if (meta) {
      ctx.font = LABEL_FONT.meta;
      ctx.fillStyle = this.theme.muted;
      ctx.fillText(meta, x + w / 2, at + LABEL_LINE.meta / 2 + 0.5);
    }
  }

  /** A dot's label: name and meta lines on a small card. */
  label(text: LabelText, w: number, h: number): Sprite {
    return this.cached(`l|${text.name}|${metaLine(text)}|${w}|${h}`, () =>
      this.make(w + 2 * MARGIN, h + 2 * MARGIN, MARGIN + w / 2, MARGIN + h / 2, (ctx) => {
        ctx.save();
        ctx.shadowColor = 'rgba(0,0,0,0.15)';
        ctx.shadowBlur = 3 * this.theme.dpr;
        ctx.shadowOffsetY = 1 * this.theme.dpr;
        roundRect(ctx, MARGIN, MARGIN, w, h);
        ctx.fillStyle = this.theme.surface;
        ctx.fill();
        ctx.restore();
        this.lines(ctx, text, MARGIN, MARGIN, w, LABEL_LINE.padY);
      }),
    );
  }

  /** A name box (24 px high, length × 8 + 6 wide; taller with meta) with the device colour as its border. */
  nameBox(
    text: LabelText,
    w: number,
    h: number,
    colour: string,
    live: boolean,
    ring: StatusColour | null,
  ): Sprite {
    const key = `n|${text.name}|${metaLine(text)}|${w}|${h}|${colour}|${live}|${ring}`;
    return this.cached(key, () => {
      const m = MARGIN + RING;
      return this.make(w + 2 * m, h + 2 * m, m + w / 2, m + h / 2, (ctx) => {
        if (ring) {
          roundRect(ctx, m - RING, m - RING, w + 2 * RING, h + 2 * RING);
          ctx.fillStyle = this.ringColour(ring);
          ctx.fill();
        }
        ctx.save();
        ctx.shadowColor = 'rgba(0,0,0,0.15)';
        ctx.shadowBlur = 3 * this.theme.dpr;
        ctx.shadowOffsetY = 1 * this.theme.dpr;
        roundRect(ctx, m + 1, m + 1, w - 2, h - 2);
        ctx.fillStyle = this.theme.surface;
        ctx.fill();
        ctx.restore();
        ctx.lineWidth = 2;
        ctx.strokeStyle = colour;
        ctx.stroke();
        ctx.save();
        ctx.clip();
        const top = (NAME_BOX.height - LABEL_LINE.name) / 2;
        this.lines(ctx, text, m, m, w, top);
        liveDot(ctx, this.theme.rtl ? m + 5 : m + w - 5, m + 5, this.liveColour(live));
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
