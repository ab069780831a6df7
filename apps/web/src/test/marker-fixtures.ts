/** Canvas markers for the marker layer's tests: one live blue marker at (100, 100), no label. */
import type { CanvasMarker } from '../map/layers/canvas-markers.ts';

/** A label's text: a name, no signal or time. */
export const labelText = { name: 'Cart', rssi: null, lastSeen: null };

/** A 60 × 17 label centred 25 px under the spot (its home under a 22 px dot). */
export const labelUnder = { text: labelText, w: 60, h: 17, dx: 0, dy: 22.5, moved: false };

export const makeMarker = (over: Partial<CanvasMarker> = {}): CanvasMarker => ({
  mac: 'AA:01',
  colour: '#3B82F6',
  live: true,
  nameBox: false,
  ring: null,
  x: 100,
  y: 100,
  label: null,
  ...over,
});
