import { describe, expect, it } from 'vitest';
import { occupancyAt, sameOccupancy, timedVisits } from './replay-occupancy.ts';
import { REPLAY_MAX_MS, aroundMoment, lastHour, rangeProblem, today } from './replay-range.ts';

const NOW = Date.parse('2026-01-01T15:30:00Z');

describe('replay ranges', () => {
  it('offers the last hour and today up to now', () => {
    expect(lastHour(NOW)).toEqual({ from: NOW - 3_600_000, to: NOW });
    const t = today(NOW);
    expect(t.to).toBe(NOW);
    expect(new Date(t.from).getHours()).toBe(0);
    expect(new Date(t.from).getMinutes()).toBe(0);
  });

  it('opens a moment with the history around it, never past now', () => {
    const past = aroundMoment(NOW - 3_600_000, NOW);
    expect(past.from).toBeLessThan(NOW - 3_600_000);
    expect(past.to).toBeGreaterThan(NOW - 3_600_000);
    expect(aroundMoment(NOW - 1_000, NOW).to).toBe(NOW);
  });

  it('refuses an empty, inverted or too long range', () => {
    expect(rangeProblem({ from: NOW, to: NOW })).toBe('empty');
    expect(rangeProblem({ from: NOW, to: NOW - 1 })).toBe('empty');
    expect(rangeProblem({ from: NaN, to: NOW })).toBe('empty');
    expect(rangeProblem({ from: NOW - REPLAY_MAX_MS - 1, to: NOW })).toBe('tooLong');
    expect(rangeProblem(lastHour(NOW))).toBeNull();
  });
});

describe('zone counts of a replayed moment', () => {
  const visits = timedVisits([
    visit('ward', '10:00', '10:10'),
    visit('ward', '10:05', null),
    visit('lab', '10:02', '10:03'),
  ]);
  const at = (hm: string) => Date.parse(`2026-01-01T${hm}:00Z`);

  it('counts each device from its entry until its exit', () => {
    expect(occupancyAt(visits, at('09:59'))).toEqual({});
    expect(occupancyAt(visits, at('10:02'))).toEqual({ ward: 1, lab: 1 });
    expect(occupancyAt(visits, at('10:07'))).toEqual({ ward: 2 });
    expect(occupancyAt(visits, at('10:10'))).toEqual({ ward: 1 });
  });

  it('tells equal counts apart from changed ones', () => {
    expect(sameOccupancy({ ward: 1 }, { ward: 1 })).toBe(true);
    expect(sameOccupancy({ ward: 1 }, { ward: 2 })).toBe(false);
    expect(sameOccupancy({ ward: 1 }, { ward: 1, lab: 1 })).toBe(false);
  });
});

function visit(zoneId: string, entered: string, exited: string | null) {
  const iso = (hm: string) => `2026-01-01T${hm}:00.000Z`;
  return {
    mac: `${zoneId}-${entered}`,
    zoneId,
    enteredAt: iso(entered),
    exitedAt: exited === null ? null : iso(exited),
    dwellSeconds: 0,
    exitReason: null,
  };
}
