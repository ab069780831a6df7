import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db.ts';

const err = (message: string, code?: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('takes connection failures and refusals for an outage', () => {
    expect(isDatabaseUnavailable(err('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(err('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(err('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(err('terminating connection due to administrator command', '57P01')),
    ).toBe(true);
    expect(isDatabaseUnavailable(err('sorry, too many clients already', '53300'))).toBe(true);
  });

  it('leaves bad statements, bad values and bugs to the error handler', () => {
    expect(
      isDatabaseUnavailable(err('invalid byte sequence for encoding "UTF8": 0x00', '22021')),
    ).toBe(false);
    expect(isDatabaseUnavailable(err('duplicate key value', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(err('bind message supplies 1 parameters', '08P01'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false);
  });
});
