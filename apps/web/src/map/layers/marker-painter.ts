/**
 * Paints the canvas device markers: leader lines first, then the bodies, then the labels, each
 * from pre-rendered images.
 * Runs in the devices canvas worker (OffscreenCanvas), or in the page where there is none.
 */
import { frameTransfer, type MarkerFrame } from './marker-frame.ts';
import { SpriteCache, type Context2D, type Sprite } from './marker-sprites.ts';
import type { ToMarkerWorker } from './marker-worker-protocol.ts';

export function paintMarkers(
  ctx: Context2D,
  sprites: SpriteCache,
  frame: MarkerFrame,
  width: number,
  height: number,
) {
  const { dpr, muted } = sprites.theme;
  const { xy, look, looks, labels } = frame;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  const lined = labels.filter((l) => l.label.moved);
  if (lined.length > 0) {
    ctx.save();
    ctx.setLineDash([3, 3]);
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = muted;
    ctx.beginPath();
    for (const { at, label } of lined) {
      const x = xy[2 * at]!;
      const y = xy[2 * at + 1]!;
      ctx.moveTo(x, y);
      ctx.lineTo(x + label.dx, y + label.dy);
    }
    ctx.stroke();
    ctx.restore();
  }
  const draw = (s: Sprite, x: number, y: number) =>
    ctx.drawImage(s.image, Math.round(x - s.cx), Math.round(y - s.cy), s.w, s.h);
  // Bodies first, labels over them (the layout keeps labels off other bodies).
  const bodies = looks.map((m) =>
    m.nameBox ? sprites.spot(m.colour, m.ring) : sprites.dot(m.colour, m.live, m.ring),
  );
  for (let i = 0; i < frame.count; i++) draw(bodies[look[i]!]!, xy[2 * i]!, xy[2 * i + 1]!);
  for (const { at, label: l } of labels) {
    const m = looks[look[at]!]!;
    const s = m.nameBox
      ? sprites.nameBox(l.text, l.w, l.h, m.colour, m.live, m.ring)
      : sprites.label(l.text, l.w, l.h);
    draw(s, xy[2 * at]! + l.dx, xy[2 * at + 1]! + l.dy);
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
  paintMarkers(ctx, sprites, msg.frame, msg.width, msg.height);
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
    paint: (msg) => worker.postMessage(msg, frameTransfer(msg.frame)),
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
