import { describe, expect, it } from 'vitest';
import { memoryFailureLimiter } from '../../lib/failure-limiter.ts';
import { SIGN_IN_LIMITS, signInThrottle, type SignInAttempt } from './sign-in-throttle.ts';

const WINDOW = SIGN_IN_LIMITS.account.windowMs;

/** A throttle on in-process limiters and a clock the test moves. */
function setup() {
  const clock = { t: 1_000_000 };
  const throttle = signInThrottle((_name, failures, windowMs) =>
    memoryFailureLimiter(failures, windowMs, () => clock.t),
  );
  return { clock, throttle };
}

const owner = 'owner@example.com';
const from = (ip: string, knownDevice: string | null = null): SignInAttempt => ({
  ip,
  email: owner,
  knownDevice,
});

describe('sign-in throttle', () => {
  it("locks an account against unknown browsers only: the owner's known device still gets in", async () => {
    const { throttle } = setup();
    // Ten guesses, each from another address, as a botnet would.
    for (let i = 0; i < SIGN_IN_LIMITS.account.failures; i++)
      await throttle.failed(from(`203.0.113.${i}`));
    expect(await throttle.waitMs(from('198.51.100.7'))).toBeGreaterThan(0);
    expect(await throttle.waitMs(from('198.51.100.7', 'device-hash'))).toBe(0);
  });

  it('tells the exact wait: the attempt is refused a millisecond before it and allowed at it', async () => {
    const { clock, throttle } = setup();
    const start = clock.t;
    for (let i = 0; i < SIGN_IN_LIMITS.account.failures; i++) {
      await throttle.failed(from(`203.0.113.${i}`));
      clock.t += 1000;
    }
    clock.t += 60_000;
    const wait = await throttle.waitMs(from('198.51.100.7'));
    // The first failure leaves the window 15 minutes after it was made.
    expect(wait).toBe(start + WINDOW - clock.t);
    clock.t += wait - 1;
    expect(await throttle.waitMs(from('198.51.100.7'))).toBe(1);
    clock.t += 1;
    expect(await throttle.waitMs(from('198.51.100.7'))).toBe(0);
  });

  it('lets an attacker who keeps guessing hold the lock only against unknown browsers', async () => {
    const { clock, throttle } = setup();
    for (let i = 0; i < SIGN_IN_LIMITS.account.failures; i++)
      await throttle.failed(from(`203.0.113.${i}`));
    // For an hour the attacker spends each attempt the moment it is allowed.
    for (let round = 0; round < 60; round++) {
      clock.t += await throttle.waitMs(from('203.0.113.200'));
      await throttle.failed(from('203.0.113.200'));
      expect(await throttle.waitMs(from('198.51.100.7', 'device-hash'))).toBe(0);
    }
  });

  it('counts a known device on its own: its failures lock neither the account nor others', async () => {
    const { throttle } = setup();
    for (let i = 0; i < SIGN_IN_LIMITS.device.failures; i++)
      await throttle.failed(from('198.51.100.7', 'device-hash'));
    expect(await throttle.waitMs(from('198.51.100.7', 'device-hash'))).toBeGreaterThan(0);
    expect(await throttle.waitMs(from('198.51.100.7', 'other-device'))).toBe(0);
    expect(await throttle.waitMs(from('198.51.100.7'))).toBe(0);
  });

  it('slows one client guessing at many accounts, and not the other clients', async () => {
    const { throttle } = setup();
    for (let i = 0; i < SIGN_IN_LIMITS.ip.failures; i++)
      await throttle.failed({ ip: '203.0.113.9', email: `u${i}@example.com`, knownDevice: null });
    const attempt = (ip: string): SignInAttempt => ({
      ip,
      email: 'x@example.com',
      knownDevice: null,
    });
    expect(await throttle.waitMs(attempt('203.0.113.9'))).toBe(WINDOW);
    expect(await throttle.waitMs(attempt('::ffff:203.0.113.9'))).toBe(WINDOW);
    expect(await throttle.waitMs(attempt('203.0.113.10'))).toBe(0);
  });

  it('counts an IPv6 client by its /64', async () => {
    const { throttle } = setup();
    for (let i = 0; i < SIGN_IN_LIMITS.ip.failures; i++)
      await throttle.failed({
        ip: `2001:db8:1:2::${i.toString(16)}`,
        email: `u${i}@example.com`,
        knownDevice: null,
      });
    const attempt = (ip: string): SignInAttempt => ({
      ip,
      email: 'x@example.com',
      knownDevice: null,
    });
    expect(await throttle.waitMs(attempt('2001:db8:1:2:ffff::1'))).toBeGreaterThan(0);
    expect(await throttle.waitMs(attempt('2001:db8:1:3::1'))).toBe(0);
  });

  it("resets the account's count on success but keeps the client's", async () => {
    const { throttle } = setup();
    for (let i = 0; i < SIGN_IN_LIMITS.ip.failures - 1; i++)
      await throttle.failed(from('203.0.113.9'));
    await throttle.succeeded(from('198.51.100.7', 'device-hash'));
    expect(await throttle.waitMs(from('198.51.100.8'))).toBe(0);
    await throttle.failed({ ip: '203.0.113.9', email: 'other@example.com', knownDevice: null });
    expect(await throttle.waitMs(from('203.0.113.9'))).toBeGreaterThan(0);
  });
});
