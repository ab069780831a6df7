import { describe, expect, it } from 'vitest';
import { makeDevice } from '../../test/fixtures.ts';
import { createNewestSignals } from './gateway-health.ts';

const GW1 = 'AC:23:3F:00:00:01';
const GW2 = 'AC:23:3F:00:00:02';
const at = (s: number) => new Date(Date.UTC(2026, 10, 23, 12, 0, s)).toISOString();
const signal = (gw: string, s: number) => ({ [gw]: { rssi: -60, received_at: at(s), ip: null } });

describe('newest live signal per gateway', () => {
  it('follows the devices that changed and keeps the newest time per gateway', () => {
    const newest = createNewestSignals();
    const a = makeDevice({ mac: 'C3:00:00:00:00:01', signal: signal(GW1, 10) });
    const b = makeDevice({
      mac: 'C3:00:00:00:00:02',
      signal: { ...signal(GW1, 5), ...signal(GW2, 7) },
    });
    const first = { [a.mac]: a, [b.mac]: b };
    expect(newest(first).get(GW1)).toBe(Date.parse(at(10)));
    expect(newest(first).get(GW2)).toBe(Date.parse(at(7)));
    // Only b changed: its newer GW1 signal wins, GW2 keeps its time.
    const b2 = { ...b, signal: { ...signal(GW1, 20), ...signal(GW2, 7) } };
    expect(newest({ ...first, [b.mac]: b2 }).get(GW1)).toBe(Date.parse(at(20)));
  });

  it('counts afresh when a device is gone', () => {
    const newest = createNewestSignals();
    const a = makeDevice({ mac: 'C3:00:00:00:00:01', signal: signal(GW1, 30) });
    const b = makeDevice({ mac: 'C3:00:00:00:00:02', signal: signal(GW1, 10) });
    expect(newest({ [a.mac]: a, [b.mac]: b }).get(GW1)).toBe(Date.parse(at(30)));
    expect(newest({ [b.mac]: b }).get(GW1)).toBe(Date.parse(at(10)));
    expect(newest({}).get(GW1)).toBeUndefined();
  });
});
