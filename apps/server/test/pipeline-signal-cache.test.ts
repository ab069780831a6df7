/** The signal cache: newest report per gateway, signal maps from other instances merged in. */
import { expect, it } from 'vitest';
import { createSignalCache } from '../src/modules/live/signal-cache.ts';

const DEV = 'C3:00:00:00:00:01';
const report = (gateway: string, rssi: number, receivedAt: number) => ({
  device: DEV,
  gateway,
  rssi,
  receivedAt,
  ip: null,
});

it('keeps the newest report per gateway and drops entries past the age limit', () => {
  const cache = createSignalCache(10_000);
  const t = Date.parse('2026-01-01T00:00:00.000Z');
  cache.put('u1', report('G1', -60, t));
  cache.put('u1', report('G1', -70, t - 1)); // older: ignored
  cache.put('u1', report('G2', -80, t - 20_000));
  expect(cache.snapshot('u1', DEV, t)).toEqual({
    G1: { rssi: -60, received_at: '2026-01-01T00:00:00.000Z', ip: null },
  });
  expect(cache.snapshot('u2', DEV, t)).toEqual({});
});

it('merges another instance’s signal map: newer entries win, older and malformed ones do not', () => {
  const cache = createSignalCache(60_000);
  const t = Date.parse('2026-01-01T00:00:10.000Z');
  cache.put('u1', report('G1', -60, t));
  cache.merge('u1', DEV, {
    G1: { rssi: -90, received_at: '2026-01-01T00:00:05.000Z', ip: null }, // older than ours
    G2: { rssi: -72, received_at: '2026-01-01T00:00:09.000Z', ip: '10.0.0.2' },
    G3: { rssi: -75, received_at: 'not a time', ip: null },
  });
  expect(cache.snapshot('u1', DEV, t)).toEqual({
    G1: { rssi: -60, received_at: '2026-01-01T00:00:10.000Z', ip: null },
    G2: { rssi: -72, received_at: '2026-01-01T00:00:09.000Z', ip: '10.0.0.2' },
  });
  cache.merge('u1', DEV, {
    G2: { rssi: -65, received_at: '2026-01-01T00:00:11.000Z', ip: null },
  });
  expect(cache.snapshot('u1', DEV, t + 1_000).G2).toEqual({
    rssi: -65,
    received_at: '2026-01-01T00:00:11.000Z',
    ip: null,
  });
});
