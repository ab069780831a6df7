import { describe, expect, it } from 'vitest';
import {
  CANVAS_ABOVE,
  DOM_AT_OR_BELOW,
  LABEL_GAP,
  LABEL_HEIGHT,
  drawOnCanvas,
  hitTest,
  inView,
  markerBox,
  type CanvasMarker,
} from './canvas-markers.ts';
import { sameMarkers, type MarkerSpec } from './CanvasMarkerLayer.ts';

const marker = (over: Partial<CanvasMarker> = {}): CanvasMarker => ({
  mac: 'AA:01',
  name: 'Cart',
  colour: '#3B82F6',
  live: true,
  nameBox: false,
  showName: false,
  x: 100,
  y: 100,
  anchor: null,
  ...over,
});

describe('canvas or DOM markers', () => {
  it('switches to the canvas above 300 markers and back only at 250 or fewer', () => {
    expect(CANVAS_ABOVE).toBe(300);
    expect(drawOnCanvas(300, false)).toBe(false);
    expect(drawOnCanvas(301, false)).toBe(true);
    expect(drawOnCanvas(260, true)).toBe(true);
    expect(drawOnCanvas(DOM_AT_OR_BELOW, true)).toBe(false);
    expect(drawOnCanvas(2000, true)).toBe(true);
  });
});

describe('marker geometry', () => {
  it('is a 22 px dot centred on the position', () => {
    expect(markerBox(marker())).toEqual({ left: 89, top: 89, right: 111, bottom: 111 });
  });
  it('adds the name label under a dot when names are shown', () => {
    const box = markerBox(marker({ showName: true }), () => 60);
    expect(box).toEqual({ left: 70, top: 89, right: 130, bottom: 111 + LABEL_GAP + LABEL_HEIGHT });
  });
  it('is a 24 px high name box, length × 8 + 6 wide', () => {
    expect(markerBox(marker({ nameBox: true, name: 'Forklift' }))).toEqual({
      left: 65,
      top: 88,
      right: 135,
      bottom: 112,
    });
  });
});

describe('markers drawn', () => {
  const view = { left: 0, top: 0, right: 500, bottom: 400 };
  it('are only those touching the view, in order', () => {
    const list = [
      marker({ mac: 'in', x: 10, y: 10 }),
      marker({ mac: 'edge', x: -10, y: 200 }),
      marker({ mac: 'out-left', x: -12, y: 200 }),
      marker({ mac: 'out-below', x: 250, y: 420 }),
      marker({ mac: 'in-2', x: 499, y: 399 }),
    ];
    expect(inView(list, view).map((m) => m.mac)).toEqual(['in', 'edge', 'in-2']);
  });
  it('include a name box outside the view whose leader line crosses it', () => {
    const away = marker({ mac: 'line', nameBox: true, x: -200, y: 50, anchor: { x: 30, y: 50 } });
    expect(inView([away], view).map((m) => m.mac)).toEqual(['line']);
  });
  it('include a dot whose label alone reaches into the view', () => {
    const above = marker({ mac: 'label', showName: true, x: 250, y: -20 });
    expect(inView([above], view, () => 40).map((m) => m.mac)).toEqual(['label']);
    expect(inView([{ ...above, showName: false }], view)).toEqual([]);
  });
});

describe('hit testing', () => {
  it('finds the topmost (last drawn) marker under the pointer', () => {
    const list = [marker({ mac: 'under' }), marker({ mac: 'over', x: 105 })];
    expect(hitTest(list, 102, 100)?.mac).toBe('over');
    expect(hitTest(list, 90, 100)?.mac).toBe('under');
  });
  it('hits dots as circles, not their corners', () => {
    expect(hitTest([marker()], 90, 90)).toBeNull();
    expect(hitTest([marker()], 100, 110)?.mac).toBe('AA:01');
  });
  it('hits the name label under a dot and name boxes as rectangles', () => {
    const labelled = marker({ showName: true });
    expect(hitTest([labelled], 125, 120, () => 60)?.mac).toBe('AA:01');
    expect(hitTest([labelled], 135, 120, () => 60)).toBeNull();
    const box = marker({ nameBox: true, name: 'Forklift' });
    expect(hitTest([box], 66, 89)?.mac).toBe('AA:01');
    expect(hitTest([box], 64, 89)).toBeNull();
  });
  it('finds nothing on empty map', () => {
    expect(hitTest([], 1, 1)).toBeNull();
  });
});

describe('redraw check', () => {
  const spec = (over: Partial<MarkerSpec> = {}): MarkerSpec => {
    const { x: _x, y: _y, anchor: _a, ...rest } = marker();
    return { ...rest, lat: 5, lng: 6, anchor: null, ...over };
  };
  it('skips identical marker lists and redraws on any visible change', () => {
    expect(sameMarkers([spec()], [spec()])).toBe(true);
    expect(sameMarkers([spec()], [spec({ lat: 5.5 })])).toBe(false);
    expect(sameMarkers([spec()], [spec({ live: false })])).toBe(false);
    expect(sameMarkers([spec()], [spec({ anchor: [1, 2] })])).toBe(false);
    expect(sameMarkers([spec()], [spec({ name: 'Other' })])).toBe(false);
    expect(sameMarkers([spec()], [])).toBe(false);
  });
});
