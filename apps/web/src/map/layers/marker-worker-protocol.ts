/** Messages from the page to the devices canvas worker. */
import type { MarkerFrame } from './marker-frame.ts';
import type { SpriteTheme } from './marker-sprites.ts';

export type ToMarkerWorker =
  | { type: 'init'; canvas: OffscreenCanvas }
  | {
      type: 'draw';
      /** Sent when the theme, direction or pixel ratio changed (and with the first draw). */
      theme?: SpriteTheme;
      /** The markers in view, in drawing order. */
      frame: MarkerFrame;
      /** Canvas size in CSS pixels. */
      width: number;
      height: number;
    };
