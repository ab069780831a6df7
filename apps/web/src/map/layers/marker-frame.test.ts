import { describe, expect, it } from 'vitest';
import type { CanvasMarker } from './canvas-markers.ts';
import { labelUnder, makeMarker } from '../../test/marker-fixtures.ts';
import { encodeFrame, frameTransfer } from './marker-frame.ts';

const label = labelUnder;
const marker = makeMarker;

/** The markers as the painter reads them back from a frame. */
const decoded = (markers: CanvasMarker[]) => {
  const f = encodeFrame(markers);
  return Array.from({ length: f.count }, (_, i) => ({
    ...f.looks[f.look[i]!]!,
    x: f.xy[2 * i],
    y: f.xy[2 * i + 1],
    label: f.labels.find((l) => l.at === i)?.label ?? null,
  }));
};

describe('marker frames', () => {
  it('carry every marker’s spot, body look and label, in drawing order', () => {
    const markers = [
      marker({ x: 10, y: 20 }),
      marker({ x: -5, y: 7, live: false, label }),
      marker({ colour: '#ff0000', ring: 'yellow', x: 300, y: 400 }),
      marker({ nameBox: true, ring: 'red', label: { ...label, dy: 0, moved: true } }),
    ];
    expect(decoded(markers)).toEqual(markers.map(({ mac: _mac, ...rest }) => rest));
  });
  it('share one look among markers drawn alike', () => {
    const f = encodeFrame([
      marker({ x: 1 }),
      marker({ x: 2 }),
      marker({ x: 3, live: false }),
      marker({ x: 4 }),
    ]);
    expect(f.looks).toHaveLength(2);
    expect([...f.look]).toEqual([0, 0, 1, 0]);
  });
  it('hand over their spots and looks instead of copying them', () => {
    const f = encodeFrame([marker()]);
    expect(frameTransfer(f)).toEqual([f.xy.buffer, f.look.buffer]);
    expect(encodeFrame([]).count).toBe(0);
  });
});
