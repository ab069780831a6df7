import { describe, expect, it } from 'vitest';
import { HISTORY_REPORT_MAX_BUCKETS, reportBucketSeconds } from './history-reports.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('occupancy buckets', () => {
  it('takes the shortest step that keeps a range within the most buckets', () => {
    expect(reportBucketSeconds(HOUR)).toBe(60);
    expect(reportBucketSeconds(4 * HOUR)).toBe(60);
    expect(reportBucketSeconds(4 * HOUR + 1)).toBe(300);
    expect(reportBucketSeconds(DAY)).toBe(900);
    expect(reportBucketSeconds(30 * DAY)).toBe(3 * 3600);
    expect(reportBucketSeconds(730 * DAY)).toBe(7 * 86_400);
  });

  it('never gives more buckets than the most, up to the longest step', () => {
    for (const days of [0.01, 0.5, 1, 7, 31, 90, 365])
      expect(
        Math.ceil((days * DAY) / (reportBucketSeconds(days * DAY) * 1000)),
      ).toBeLessThanOrEqual(HISTORY_REPORT_MAX_BUCKETS);
  });
});
