import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/i18n.ts';
import { formatClock, formatLastSeen, formatRssi, isolate, unknownSince } from './format.ts';

const NOW = Date.parse('2024-06-15T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const en = translator('en');
const he = translator('he');

describe('formatLastSeen', () => {
  it('says Just now under a minute', () => {
    expect(formatLastSeen(ago(0), en, 'en', NOW)).toBe('Just now');
    expect(formatLastSeen(ago(59_000), en, 'en', NOW)).toBe('Just now');
    expect(formatLastSeen(ago(30_000), he, 'he', NOW)).toBe('הרגע');
  });

  it('counts minutes under an hour', () => {
    expect(formatLastSeen(ago(MIN), en, 'en', NOW)).toBe('1 min ago');
    expect(formatLastSeen(ago(59 * MIN), en, 'en', NOW)).toBe('59 min ago');
    expect(formatLastSeen(ago(4 * MIN), he, 'he', NOW)).toBe('לפני 4 דק׳');
  });

  it('counts hours under a day', () => {
    expect(formatLastSeen(ago(60 * MIN), en, 'en', NOW)).toBe('1 h ago');
    expect(formatLastSeen(ago(23 * 60 * MIN + 59 * MIN), en, 'en', NOW)).toBe('23 h ago');
    expect(formatLastSeen(ago(3 * 60 * MIN), he, 'he', NOW)).toBe('לפני 3 שע׳');
  });

  it('shows a date from a day on', () => {
    const seen = '2024-06-10T09:30:00.000Z';
    const enText = formatLastSeen(seen, en, 'en', NOW);
    expect(enText).toMatch(/2024/);
    expect(enText).toMatch(/Jun/);
    expect(enText).not.toMatch(/ago/);
    const heText = formatLastSeen(seen, he, 'he', NOW);
    expect(heText).toMatch(/2024/);
    expect(heText).not.toBe(enText);
  });

  it('says Unknown (לא ידוע in Hebrew) without a valid time', () => {
    for (const v of [null, undefined, '', 'not a date']) {
      expect(formatLastSeen(v, en, 'en', NOW)).toBe('Unknown');
      expect(formatLastSeen(v, he, 'he', NOW)).toBe('לא ידוע');
    }
  });
});

describe('while live updates are paused', () => {
  // Local times, so the expected clock texts hold in any time zone.
  const paused = new Date(2024, 5, 15, 14, 5, 30).getTime();
  const seen = new Date(2024, 5, 15, 14, 4, 50).toISOString();

  it('says when a device was last seen, not how long ago (no "Just now")', () => {
    const later = paused + 10_000;
    expect(formatLastSeen(seen, en, 'en', later, paused)).toBe('14:04');
    expect(formatLastSeen(seen, he, 'he', later, paused)).toBe('14:04');
    expect(formatLastSeen(seen, en, 'en', later)).toBe('Just now');
  });

  it('gives the date too when it was seen on another day', () => {
    const before = new Date(2024, 5, 10, 9, 30).toISOString();
    const text = formatLastSeen(before, en, 'en', paused, paused);
    expect(text).toMatch(/2024/);
    expect(text).toMatch(/09:30/);
  });

  it('still says Unknown without a valid time', () => {
    expect(formatLastSeen(null, en, 'en', paused, paused)).toBe('Unknown');
  });

  it('says a status is unknown since the pause, in each language', () => {
    const now = paused + 45_000;
    expect(unknownSince(paused, en, 'en', now)).toBe('Unknown since 14:05');
    expect(unknownSince(paused, he, 'he', now)).toBe('לא ידוע מאז 14:05');
  });

  it('writes a time of day with its date only on another day', () => {
    expect(formatClock(paused, 'en', paused + 60_000)).toBe('14:05');
    expect(formatClock(paused, 'en', paused + 86_400_000)).toMatch(/2024/);
  });
});

describe('formatRssi', () => {
  it('rounds to whole dBm and shows a dash when missing', () => {
    expect(formatRssi(-67.4)).toBe('-67 dBm');
    expect(formatRssi(null)).toBe('—');
    expect(formatRssi(undefined)).toBe('—');
  });
});

describe('isolate', () => {
  it('wraps a name in first-strong isolate marks', () => {
    expect(isolate('Demo — Floor 1')).toBe('\u2068Demo — Floor 1\u2069');
  });
});
