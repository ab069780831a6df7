import { describe, expect, it } from 'vitest';
import {
  LABEL_LAYOUT_MS,
  LAYOUT_EVERY_PASS_UP_TO,
  MAX_PLACED_LABELS,
  createLabelScheduler,
  layoutLabels,
  type ScreenDevice,
} from './label-layout.ts';
import { boxesOverlap } from '@rtls/positioning';
import { MARKER } from '../../constants.ts';

/** A dot at (x, y) with an 80 × 30 label at home under it. */
const dot = (id: string, x: number, y: number, over: Partial<ScreenDevice> = {}): ScreenDevice => ({
  id,
  x,
  y,
  body: MARKER.dot,
  label: { w: 80, h: 30, dx: 0, dy: 29 },
  keep: false,
  ownsBody: false,
  ...over,
});

describe('label layout on screen', () => {
  it('leaves a free label at home and moves a crowded one with a leader line', () => {
    const spots = layoutLabels([dot('a', 100, 100), dot('b', 100, 60)], []);
    expect(spots.get('a')).toEqual({ dx: 0, dy: 29, moved: false });
    expect(spots.get('b')?.moved).toBe(true);
  });

  it('moves a label off a gateway icon', () => {
    const spots = layoutLabels([dot('a', 100, 100)], [{ x: 100, y: 130 }]);
    expect(spots.get('a')?.moved).toBe(true);
  });

  it('keeps clear of a gateway by the size the icon is drawn at', () => {
    // A 12 px dot just under the label leaves it home; the full 45 px icon there would not.
    expect(layoutLabels([dot('a', 100, 100)], [{ x: 100, y: 160, size: 12 }]).get('a')).toEqual({
      dx: 0,
      dy: 29,
      moved: false,
    });
    expect(layoutLabels([dot('a', 100, 100)], [{ x: 100, y: 160 }]).get('a')?.moved).toBe(true);
  });

  it('places labels wholly inside the visible map', () => {
    const view = { w: 390, h: 500 };
    // A tag at the right edge: its label (80 px wide, centred under it) would stick out.
    const edge = layoutLabels([dot('a', 380, 200), dot('b', 200, 490)], [], { view });
    for (const [id, x, y] of [
      ['a', 380, 200],
      ['b', 200, 490],
    ] as const) {
      const s = edge.get(id)!;
      expect(s.moved).toBe(true);
      expect(x + s.dx - 40).toBeGreaterThanOrEqual(0);
      expect(x + s.dx + 40).toBeLessThanOrEqual(view.w);
      expect(y + s.dy - 15).toBeGreaterThanOrEqual(0);
      expect(y + s.dy + 15).toBeLessThanOrEqual(view.h);
    }
  });

  it('lets a name box cover its own spot, not the spot of another tag', () => {
    const box = (id: string, x: number) =>
      dot(id, x, 100, { body: 10, label: { w: 60, h: 24, dx: 0, dy: 0 }, ownsBody: true });
    const alone = layoutLabels([box('a', 100)], []);
    expect(alone.get('a')).toEqual({ dx: 0, dy: 0, moved: false });
    const near = layoutLabels(
      [box('a', 100), box('b', 400), dot('c', 120, 100, { label: null })],
      [],
    );
    expect(near.get('a')?.moved).toBe(true);
    expect(near.get('b')?.moved).toBe(false);
  });

  it("keeps labels off the map's controls", () => {
    const controls = [{ x: 100, y: 140, w: 40, h: 60 }];
    const spots = layoutLabels([dot('a', 100, 100)], [], { controls });
    expect(spots.get('a')?.moved).toBe(true);
    const { dx, dy } = spots.get('a')!;
    expect(Math.abs(dy + 100 - 140) * 2 >= 30 + 60 || Math.abs(dx) * 2 >= 80 + 40).toBe(true);
  });

  it('keeps labels off the text printed in the plan while another spot is free', () => {
    // A room name right where the label's home is (under the dot).
    const planText = [{ x: 100, y: 129, w: 90, h: 24 }];
    const spot = layoutLabels([dot('a', 100, 100)], [], { planText }).get('a')!;
    expect(spot.moved).toBe(true);
    const label = { x: 100 + spot.dx, y: 100 + spot.dy, w: 80, h: 30 };
    expect(boxesOverlap(label, planText[0]!)).toBe(false);
  });

  it("lets a label cover the plan's text when no other spot is free", () => {
    // The whole view is a room name: the label stays home rather than being hidden.
    const view = { w: 200, h: 200 };
    const planText = [{ x: 100, y: 100, w: 200, h: 200 }];
    const spots = layoutLabels([dot('a', 100, 100)], [], { planText, view });
    expect(spots.get('a')).toEqual({ dx: 0, dy: 29, moved: false });
  });

  it('keeps a moved label where it was while that spot stays free', () => {
    const crowd = [dot('a', 100, 100), dot('b', 100, 60)];
    const first = layoutLabels(crowd, []);
    const previous = new Map([['b', { dx: 0, dy: -60, moved: true }]]);
    expect(first.get('b')).not.toEqual(previous.get('b'));
    expect(layoutLabels(crowd, [], { previous }).get('b')).toEqual(previous.get('b'));
  });

  it('places at most 200 labels; the rest are hidden', () => {
    const many = Array.from({ length: 250 }, (_, i) =>
      dot(`d${i}`, (i % 25) * 200, Math.floor(i / 25) * 200),
    );
    const spots = layoutLabels(many, []);
    expect(spots.size).toBe(MAX_PLACED_LABELS);
    expect(spots.has('d249')).toBe(false);
  });
});

describe('label scheduling', () => {
  it('places on every pass while few, else when the view changed or after the interval', () => {
    const labels = createLabelScheduler();
    expect(labels.due(0, false, LAYOUT_EVERY_PASS_UP_TO)).toBe(true);
    labels.place(1000, [dot('a', 0, 0)], []);
    expect(labels.current.get('a')?.moved).toBe(false);
    const many = LAYOUT_EVERY_PASS_UP_TO + 1;
    expect(labels.due(1000 + LABEL_LAYOUT_MS - 1, false, many)).toBe(false);
    expect(labels.due(1001, true, many)).toBe(true);
    expect(labels.due(1000 + LABEL_LAYOUT_MS, false, many)).toBe(true);
  });
});
