import { describe, expect, it } from 'vitest';
import { memoryFailureLimiter, waitFromFailures } from './failure-limiter.ts';

describe('failure limiter', () => {
  it('waits until the failure that reached the limit leaves the window', () => {
    expect(waitFromFailures([], 3, 60_000, 0)).toBe(0);
    expect(waitFromFailures([10, 20], 3, 60_000, 30)).toBe(0);
    expect(waitFromFailures([20, 10, 30], 3, 60_000, 40)).toBe(10 + 60_000 - 40);
    // Over the limit (parallel attempts): the oldest of the last `limit` failures decides.
    expect(waitFromFailures([10, 20, 30, 40], 3, 60_000, 50)).toBe(20 + 60_000 - 50);
  });

  it('answers the wait it announced: refused just before it, allowed at it', async () => {
    const clock = { t: 5_000 };
    const limiter = memoryFailureLimiter(2, 60_000, () => clock.t);
    await limiter.recordFailure('k');
    clock.t += 7_000;
    await limiter.recordFailure('k');
    const wait = await limiter.waitMs('k');
    expect(wait).toBe(60_000 - 7_000);
    clock.t += wait - 1;
    expect(await limiter.waitMs('k')).toBe(1);
    clock.t += 1;
    expect(await limiter.waitMs('k')).toBe(0);
    expect(await limiter.waitMs('other')).toBe(0);
    await limiter.recordFailure('k');
    expect(await limiter.waitMs('k')).toBeGreaterThan(0);
    await limiter.reset('k');
    expect(await limiter.waitMs('k')).toBe(0);
  });
});
