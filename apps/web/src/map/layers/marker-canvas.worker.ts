/**
 * The devices canvas worker: owns the map's devices canvas (transferred as an OffscreenCanvas)
 * and paints the markers the page sends, so thousands of image copies never block the page.
 */
import { paintFrame } from './marker-painter.ts';
import { SpriteCache } from './marker-sprites.ts';
import type { ToMarkerWorker } from './marker-worker-protocol.ts';

let canvas: OffscreenCanvas | null = null;
let ctx: OffscreenCanvasRenderingContext2D | null = null;
let sprites: SpriteCache | null = null;

self.onmessage = (e: MessageEvent<ToMarkerWorker>) => {
  const msg = e.data;
  if (msg.type === 'init') {
    canvas = msg.canvas;
    ctx = canvas.getContext('2d');
    return;
  }
  if (msg.theme) sprites = new SpriteCache(msg.theme);
  if (canvas && ctx && sprites) paintFrame(canvas, ctx, sprites, msg);
};
