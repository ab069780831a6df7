import { describe, expect, it } from 'vitest';
import { localizedError } from './localized-error.ts';

describe('localizedError', () => {
  it('gives the Hebrew call message and server sentence, and leaves other texts alone', () => {
    const text =
      'Failed to create zone: The zone outline crosses itself; draw it without crossing edges';
    expect(localizedError(text, 'en')).toBe(text);
    expect(localizedError(text, 'he')).toBe(
      'יצירת האזור נכשלה: קו המתאר של האזור חוצה את עצמו; יש לשרטט אותו בלי צלעות נחתכות',
    );
    expect(localizedError('Failed to fetch alerts', 'he')).toBe('טעינת ההתראות נכשלה');
    expect(localizedError('Failed to fetch alerts: socket hang up', 'he')).toBe(
      'טעינת ההתראות נכשלה: socket hang up',
    );
    expect(localizedError('Something else', 'he')).toBe('Something else');
  });

  it('gives a floor model refusal in Hebrew, keeping where the problem is', () => {
    const text =
      'Failed to save the floor model: A door has no width (its two ends are the same point): door "d1"';
    expect(localizedError(text, 'he')).toBe(
      'שמירת מודל הקומה נכשלה: לדלת אין רוחב (שני קצותיה באותה נקודה): door "d1"',
    );
  });
});
