import { describe, expect, it } from 'vitest';
import { calibrationVerdict, CALIBRATION_VERDICTS, type ErrorSummary } from './api-walks.ts';

const errors = (medianM: number | null, p90M: number | null): ErrorSummary => ({
  count: 20,
  medianM,
  p90M,
  maxM: p90M,
});

describe('calibration verdict', () => {
  it('offers a calibration that lowers the held-out p90, whatever the median does', () => {
    const v = calibrationVerdict(errors(2, 5), errors(2.5, 4));
    expect(v).toEqual({
      applicable: true,
      reason: 'improves',
      message: CALIBRATION_VERDICTS.improves.en,
      p90ChangePct: -20,
    });
  });

  it('keeps the current model when the p90 does not drop, and says worse past 5 %', () => {
    expect(calibrationVerdict(errors(2, 5), errors(2, 5))).toMatchObject({
      applicable: false,
      reason: 'no-better',
    });
    expect(calibrationVerdict(errors(2, 5), errors(2, 5.25))).toMatchObject({
      applicable: false,
      reason: 'no-better',
    });
    const worse = calibrationVerdict(errors(2, 5), errors(1, 5.3));
    expect(worse).toMatchObject({ applicable: false, reason: 'worse' });
    expect(worse.p90ChangePct).toBeCloseTo(6, 9);
  });

  it('offers nothing when no point could be located', () => {
    expect(calibrationVerdict(errors(null, null), errors(1, 2))).toMatchObject({
      applicable: false,
      reason: 'no-better',
      p90ChangePct: null,
    });
  });
});
