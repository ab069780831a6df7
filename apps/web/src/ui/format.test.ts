import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/i18n.ts';
import { formatLastSeen, formatRssi, isolate } from './format.ts';

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
