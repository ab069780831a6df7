import { describe, expect, it } from 'vitest';
import { makeDevice } from '../../test/fixtures.ts';
import { copyRecord, noteEdit } from '../../state/records.ts';
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

  it('after a live merge, reads only the devices it names', () => {
    const newest = createNewestSignals();
    const a = makeDevice({ mac: 'C3:00:00:00:00:01', signal: signal(GW1, 10) });
    const b = makeDevice({ mac: 'C3:00:00:00:00:02', signal: signal(GW2, 10) });
    const first = { [a.mac]: a, [b.mac]: b };
    newest(first);
    const next = copyRecord(first);
    next[b.mac] = { ...b, signal: signal(GW2, 40) };
    const c = makeDevice({ mac: 'C3:00:00:00:00:03', signal: signal(GW1, 50) });
    next[c.mac] = c;
    // A device the merge does not name is not read again.
    Object.defineProperty(next, a.mac, {
      enumerable: true,
      get: () => expect.unreachable('an unchanged device was read'),
    });
    noteEdit(next, first, [b.mac, c.mac]);
    expect(newest(next).get(GW1)).toBe(Date.parse(at(50)));
    expect(newest(next).get(GW2)).toBe(Date.parse(at(40)));
  });

  it('counts afresh when a device is gone after live merges', () => {
    const newest = createNewestSignals();
    const a = makeDevice({ mac: 'C3:00:00:00:00:01', signal: signal(GW1, 30) });
    const b = makeDevice({ mac: 'C3:00:00:00:00:02', signal: signal(GW1, 10) });
    const first = { [a.mac]: a, [b.mac]: b };
    newest(first);
    const added = makeDevice({ mac: 'C3:00:00:00:00:03', signal: signal(GW2, 5) });
    const merged = { ...first, [added.mac]: added };
    noteEdit(merged, first, [added.mac]);
    expect(newest(merged).get(GW2)).toBe(Date.parse(at(5)));
    expect(newest({ [b.mac]: b, [added.mac]: added }).get(GW1)).toBe(Date.parse(at(10)));
  });

  it('compares times written in other forms by their time', () => {
    const newest = createNewestSignals();
    const iso = (received_at: string) => ({ [GW1]: { rssi: -60, received_at, ip: null } });
    const a = makeDevice({ mac: 'C3:00:00:00:00:01', signal: iso('2026-11-23T12:00:10.000Z') });
    expect(newest({ [a.mac]: a }).get(GW1)).toBe(Date.parse(at(10)));
    // Later, though it reads as an earlier text (an offset, no milliseconds).
    const b = makeDevice({ mac: 'C3:00:00:00:00:02', signal: iso('2026-11-23T11:00:15-01:00') });
    const c = makeDevice({ mac: 'C3:00:00:00:00:03', signal: iso('2026-11-23T12:00:20Z') });
    expect(newest({ [a.mac]: a, [b.mac]: b }).get(GW1)).toBe(Date.parse(at(15)));
    expect(newest({ [a.mac]: a, [b.mac]: b, [c.mac]: c }).get(GW1)).toBe(Date.parse(at(20)));
    const d = makeDevice({ mac: 'C3:00:00:00:00:04', signal: iso('2026-11-23T12:00:15.000Z') });
    const e = makeDevice({ mac: 'C3:00:00:00:00:05', signal: iso('2026-11-23T12:00:30.000Z') });
    const all = { [a.mac]: a, [b.mac]: b, [c.mac]: c, [d.mac]: d };
    expect(newest(all).get(GW1)).toBe(Date.parse(at(20)));
    expect(newest({ ...all, [e.mac]: e }).get(GW1)).toBe(Date.parse(at(30)));
  });
});
