/**
 * One redraw of the devices canvas as the page posts it to the drawing worker: spots in a typed
 * array and each body as an index into a short table of looks (a few per colour), with the few
 * hundred labels beside them. Posting thousands of marker objects costs the page a structured
 * clone of each; this costs it two buffer transfers.
 */
import type { StatusColour } from '@rtls/contract';
import type { CanvasMarker } from './canvas-markers.ts';

/** How a marker's body is drawn. */
export interface BodyLook {
  colour: string;
  live: boolean;
  nameBox: boolean;
  ring: StatusColour | null;
}

/** A label of the frame and the marker (its index) it belongs to. */
export interface FrameLabel {
  at: number;
  label: NonNullable<CanvasMarker['label']>;
}

export interface MarkerFrame {
  count: number;
  /** The markers' spots in canvas pixels, x and y in turn, in drawing order. */
  xy: Float32Array;
  /** Each marker's index into `looks`. */
  look: Uint32Array;
  looks: BodyLook[];
  labels: FrameLabel[];
}

const RINGS: readonly (StatusColour | null)[] = [null, 'green', 'yellow', 'red'];

/** Encodes markers (in drawing order) as one frame. */
export function encodeFrame(markers: readonly CanvasMarker[]): MarkerFrame {
  const count = markers.length;
  const xy = new Float32Array(2 * count);
  const look = new Uint32Array(count);
  const looks: BodyLook[] = [];
  const labels: FrameLabel[] = [];
  /** Look indices by colour, then by liveness, name box and ring (up to 16 looks per colour). */
  const byColour = new Map<string, number[]>();
  for (let i = 0; i < count; i++) {
    const m = markers[i]!;
    xy[2 * i] = m.x;
    xy[2 * i + 1] = m.y;
    let slots = byColour.get(m.colour);
    if (!slots) byColour.set(m.colour, (slots = []));
    const slot = (m.live ? 1 : 0) + (m.nameBox ? 2 : 0) + 4 * RINGS.indexOf(m.ring);
    let index = slots[slot];
    if (index === undefined) {
      index = slots[slot] = looks.length;
      looks.push({ colour: m.colour, live: m.live, nameBox: m.nameBox, ring: m.ring });
    }
    look[i] = index;
    if (m.label) labels.push({ at: i, label: m.label });
  }
  return { count, xy, look, looks, labels };
}

/** The buffers a frame hands over when posted. */
export const frameTransfer = (f: MarkerFrame): Transferable[] => [f.xy.buffer, f.look.buffer];
