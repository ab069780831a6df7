import { describe, expect, it } from 'vitest';
import { signalSummary } from './signal-summary.ts';

const NOW = Date.parse('2024-06-15T12:00:00.000Z');
const at = (msAgo: number) => new Date(NOW - msAgo).toISOString();
const HOUR = 3_600_000;

describe('signalSummary', () => {
  it('lists only the last hour, strongest first, with the headline the strongest recent', () => {
    const s = signalSummary(
      {
        A: { rssi: -72, received_at: at(1000) },
        B: { rssi: -48, received_at: at(HOUR + 1) },
        C: { rssi: -55, received_at: at(HOUR) },
      },
      NOW,
    );
    expect(s.recent.map((l) => l.gateway)).toEqual(['C', 'A']);
    expect(s.headline).toMatchObject({ gateway: 'C', rssi: -55, cls: 'medium', colour: 'yellow' });
    expect(s.recent[1]).toMatchObject({ cls: 'weak', colour: 'red' });
  });

  it('falls back to the strongest overall when nothing is recent', () => {
    const s = signalSummary(
      {
        A: { rssi: -40, received_at: at(2 * HOUR) },
        B: { rssi: -60, received_at: at(3 * HOUR) },
      },
      NOW,
    );
    expect(s.recent).toEqual([]);
    expect(s.headline).toMatchObject({ gateway: 'A', cls: 'strong', colour: 'green' });
  });

  it('has no headline without signals (the X icon)', () => {
    expect(signalSummary({}, NOW).headline).toBeNull();
    expect(signalSummary(undefined, NOW).headline).toBeNull();
  });
});
