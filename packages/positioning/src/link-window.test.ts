import { describe, expect, it } from 'vitest';
import { createLinkWindows, LINK_WINDOW_MS, observationsFromLinks } from './link-window.ts';
import { MAX_SIGNAL_AGE_MS } from './signals.ts';

describe('link windows', () => {
  it('counts every packet of a link within the window', () => {
    const w = createLinkWindows();
    for (let i = 0; i < 10; i++) w.add('tag', 'g1', -70, 1000 + i * 100);
    w.add('tag', 'g2', -60, 1500);
    const s = w.summaries('tag', 2000);
    expect(s.find((l) => l.gateway === 'g1')).toEqual({
      gateway: 'g1',
      rssi: -70,
      count: 10,
      newestMs: 1900,
    });
    expect(s.find((l) => l.gateway === 'g2')?.count).toBe(1);
    expect(w.size()).toBe(1);
  });

  it('gives a level a single wild packet does not move', () => {
    const w = createLinkWindows();
    const levels = [-71, -69, -70, -72, -68, -70, -71, -69];
    levels.forEach((r, i) => w.add('tag', 'g', r, i * 100));
    w.add('tag', 'g', -95, 800); // a deep fade
    expect(w.summaries('tag', 800)[0]!.rssi).toBeCloseTo(-70, 0);
    w.add('tag', 'g', -40, 900); // and a spurious spike
    expect(Math.abs(w.summaries('tag', 900)[0]!.rssi + 70)).toBeLessThan(0.6);
  });

  it('summarises only the packets within the window of the newest', () => {
    const w = createLinkWindows();
    w.add('tag', 'g', -90, 0);
    w.add('tag', 'g', -60, LINK_WINDOW_MS + 500);
    expect(w.summaries('tag', LINK_WINDOW_MS + 500)[0]).toMatchObject({ rssi: -60, count: 1 });
  });

  it('keeps at most maxPerLink packets, the newest', () => {
    const w = createLinkWindows({ maxPerLink: 4 });
    for (let i = 0; i < 10; i++) w.add('tag', 'g', -50 - i, i * 10);
    const s = w.summaries('tag', 100)[0]!;
    expect(s.count).toBe(4);
    expect(s.rssi).toBeCloseTo(-57.5, 5);
  });

  it('expires links and devices heard too long ago', () => {
    const w = createLinkWindows();
    w.add('old', 'g1', -70, 0);
    w.add('tag', 'g1', -70, 0);
    w.add('tag', 'g2', -70, 20_000);
    const now = MAX_SIGNAL_AGE_MS + 1;
    expect(w.summaries('tag', now).map((l) => l.gateway)).toEqual(['g2']);
    w.sweep(now);
    expect(w.size()).toBe(1);
    expect(w.summaries('old', 0)).toEqual([]);
    w.forget('tag');
    expect(w.size()).toBe(0);
  });

  it('turns summaries into aged observations carrying the count', () => {
    const obs = observationsFromLinks([{ gateway: 'g', rssi: -70, count: 5, newestMs: 900 }], 1000);
    expect(obs).toEqual([{ gateway: 'g', rssi: -70, ageMs: 100, count: 5 }]);
  });
});
