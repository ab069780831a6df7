import { describe, expect, it } from 'vitest';
import {
  CANVAS_ABOVE,
  DOM_AT_OR_BELOW,
  drawOnCanvas,
  hitTest,
  inView,
  markerBox,
  touches,
} from './canvas-markers.ts';
import { sameMarkers, type MarkerSpec } from './CanvasMarkerLayer.ts';
import { labelText, labelUnder, makeMarker } from '../../test/marker-fixtures.ts';

const text = labelText;
const under = labelUnder;
const marker = makeMarker;

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
  it('grows by the confidence ring', () => {
    expect(markerBox(marker({ ring: 'green' }))).toEqual({
      left: 86,
      top: 86,
      right: 114,
      bottom: 114,
    });
  });
  it('adds the label where the layout put it', () => {
    expect(markerBox(marker({ label: under }))).toEqual({
      left: 70,
      top: 89,
      right: 130,
      bottom: 122.5 + 8.5,
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
  it('touch the view exactly when their whole box does', () => {
    const looks = [
      marker(),
      marker({ ring: 'green' }),
      marker({ nameBox: true, label: { ...under, dx: 0, dy: 0 } }),
      marker({ label: under }),
      marker({ label: { ...under, dx: -40, dy: -30, moved: true } }),
    ];
    const wrong: unknown[] = [];
    for (const m of looks)
      for (let x = -80; x <= 580; x += 5)
        for (let y = -80; y <= 480; y += 5) {
          const box = markerBox({ ...m, x, y });
          const overlaps =
            box.left < view.right &&
            box.right > view.left &&
            box.top < view.bottom &&
            box.bottom > view.top;
          if (touches({ ...m, x, y }, view) !== overlaps) wrong.push({ ...m, x, y });
        }
    expect(wrong).toEqual([]);
  });
  it('include a device outside the view whose moved label reaches into it', () => {
    const away = marker({ mac: 'label', x: 250, y: -60, label: { ...under, dy: 70, moved: true } });
    expect(inView([away], view).map((m) => m.mac)).toEqual(['label']);
    expect(inView([{ ...away, label: null }], view)).toEqual([]);
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
  it('hits labels as rectangles', () => {
    const labelled = marker({ label: under });
    expect(hitTest([labelled], 125, 120)?.mac).toBe('AA:01');
    expect(hitTest([labelled], 135, 120)).toBeNull();
  });
  it('finds nothing on empty map', () => {
    expect(hitTest([], 1, 1)).toBeNull();
  });
});

describe('redraw check', () => {
  const spec = (over: Partial<MarkerSpec> = {}): MarkerSpec => {
    const { x: _x, y: _y, ...rest } = marker();
    return { ...rest, lat: 5, lng: 6, ...over };
  };
  it('skips identical marker lists and redraws on any visible change', () => {
    expect(sameMarkers([spec()], [spec()])).toBe(true);
    expect(sameMarkers([spec({ label: under })], [spec({ label: { ...under } })])).toBe(true);
    expect(sameMarkers([spec()], [spec({ lat: 5.5 })])).toBe(false);
    expect(sameMarkers([spec()], [spec({ live: false })])).toBe(false);
    expect(sameMarkers([spec()], [spec({ ring: 'red' })])).toBe(false);
    expect(sameMarkers([spec({ label: under })], [spec({ label: { ...under, dx: 4 } })])).toBe(
      false,
    );
    const other = { ...under, text: { ...text, rssi: '-60 dBm' } };
    expect(sameMarkers([spec({ label: under })], [spec({ label: other })])).toBe(false);
    expect(sameMarkers([spec()], [])).toBe(false);
  });
});
