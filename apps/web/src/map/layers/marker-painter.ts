/**
 * Paints the canvas device markers: leader lines first, then the bodies, then the labels, each
 * from pre-rendered images.
 * Runs in the devices canvas worker (OffscreenCanvas), or in the page where there is none.
 */
import type { CanvasMarker } from './canvas-markers.ts';
import { SpriteCache, type Context2D, type Sprite } from './marker-sprites.ts';
import type { ToMarkerWorker } from './marker-worker-protocol.ts';

export function paintMarkers(
  ctx: Context2D,
  sprites: SpriteCache,
  markers: readonly CanvasMarker[],
  width: number,
  height: number,
) {
  const { dpr, muted } = sprites.theme;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  const lined = markers.filter((m) => m.label?.moved);
  if (lined.length > 0) {
    ctx.save();
    ctx.setLineDash([3, 3]);
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = muted;
    ctx.beginPath();
    for (const m of lined) {
      ctx.moveTo(m.x, m.y);
      ctx.lineTo(m.x + m.label!.dx, m.y + m.label!.dy);
    }
    ctx.stroke();
    ctx.restore();
  }
  const draw = (s: Sprite, x: number, y: number) =>
    ctx.drawImage(s.image, Math.round(x - s.cx), Math.round(y - s.cy), s.w, s.h);
  // Bodies first, labels over them (the layout keeps labels off other bodies).
  for (const m of markers)
    draw(
      m.nameBox ? sprites.spot(m.colour, m.ring) : sprites.dot(m.colour, m.live, m.ring),
      m.x,
      m.y,
    );
  for (const m of markers) {
    const l = m.label;
    if (!l) continue;
    const s = m.nameBox
      ? sprites.nameBox(l.text, l.w, l.h, m.colour, m.live, m.ring)
      : sprites.label(l.text, l.w, l.h);
    draw(s, m.x + l.dx, m.y + l.dy);
  }
}

type Draw = Extract<ToMarkerWorker, { type: 'draw' }>;

/** Sizes the canvas to the drawing's CSS size at the sprites' pixel ratio, then paints it. */
export function paintFrame(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  ctx: Context2D,
  sprites: SpriteCache,
  msg: Draw,
) {
  const { dpr } = sprites.theme;
  const pw = Math.round(msg.width * dpr);
  const ph = Math.round(msg.height * dpr);
  if (canvas.width !== pw || canvas.height !== ph) {
    canvas.width = pw;
    canvas.height = ph;
  }
  paintMarkers(ctx, sprites, msg.markers, msg.width, msg.height);
}

/** Paints a devices canvas: in a worker when the canvas can be handed over, else in the page. */
export interface Painter {
  paint(msg: Draw): void;
  dispose(): void;
}

function inWorker(canvas: HTMLCanvasElement): Painter {
  const worker = new Worker(new URL('./marker-canvas.worker.ts', import.meta.url), {
    type: 'module',
  });
  const offscreen = canvas.transferControlToOffscreen();
  const init: ToMarkerWorker = { type: 'init', canvas: offscreen };
  worker.postMessage(init, [offscreen]);
  return {
    paint: (msg) => worker.postMessage(msg),
    dispose: () => worker.terminate(),
  };
}

function inPage(canvas: HTMLCanvasElement): Painter {
  const ctx = canvas.getContext('2d');
  let sprites: SpriteCache | null = null;
  return {
    paint: (msg) => {
      if (msg.theme) sprites = new SpriteCache(msg.theme);
      if (ctx && sprites) paintFrame(canvas, ctx, sprites, msg);
    },
    dispose: () => undefined,
  };
}

export function createPainter(canvas: HTMLCanvasElement): Painter {
  const canHandOver =
    typeof Worker === 'function' &&
    typeof OffscreenCanvas === 'function' &&
    'transferControlToOffscreen' in canvas;
  return canHandOver ? inWorker(canvas) : inPage(canvas);
}
