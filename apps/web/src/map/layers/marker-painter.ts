/**
 * Paints the canvas device markers: leader lines first, then each marker's pre-rendered images.
 * Runs in the devices canvas worker (OffscreenCanvas), or in the page where there is none.
 */
import type { CanvasMarker } from './canvas-markers.ts';
import { SpriteCache, type Context2D } from './marker-sprites.ts';
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
  const lined = markers.filter((m) => m.anchor);
  if (lined.length > 0) {
    ctx.save();
    ctx.setLineDash([3, 3]);
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = muted;
    ctx.beginPath();
    for (const m of lined) {
      ctx.moveTo(m.anchor!.x, m.anchor!.y);
      ctx.lineTo(m.x, m.y);
    }
    ctx.stroke();
    ctx.restore();
  }
  for (const m of markers) {
    const parts = m.nameBox
      ? [sprites.nameBox(m.name, m.colour, m.live)]
      : m.showName
        ? [sprites.dot(m.colour, m.live), sprites.label(m.name)]
        : [sprites.dot(m.colour, m.live)];
    for (const s of parts)
      ctx.drawImage(s.image, Math.round(m.x - s.cx), Math.round(m.y - s.cy), s.w, s.h);
  }
}

/** Paints a devices canvas: in a worker when the canvas can be handed over, else in the page. */
export interface Painter {
  paint(msg: Extract<ToMarkerWorker, { type: 'draw' }>): void;
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
      if (!ctx || !sprites) return;
      const { dpr } = sprites.theme;
      const pw = Math.round(msg.width * dpr);
      const ph = Math.round(msg.height * dpr);
      if (canvas.width !== pw || canvas.height !== ph) {
        canvas.width = pw;
        canvas.height = ph;
      }
      paintMarkers(ctx, sprites, msg.markers, msg.width, msg.height);
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
