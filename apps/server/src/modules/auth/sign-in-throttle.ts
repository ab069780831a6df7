/**
 * Sign-in throttling. Failed sign-ins are counted per client address and per account; either
 * reaching its limit refuses further attempts of that client or to that account until enough of
 * its failures are 15 minutes old. A browser the account has signed in on before (a known device)
 * is counted on its own instead, so guesses from elsewhere cannot lock the owner out of it.
 */
import type { FailureLimiter } from '../../lib/failure-limiter.ts';
import { clientKey } from '../../lib/ip.ts';

const WINDOW_MS = 15 * 60_000;

/** How many failures each counter takes within its window before it refuses attempts. */
export const SIGN_IN_LIMITS = {
  /** Failures from one client address (an IPv6 /64 is one client), to any accounts. */
  ip: { failures: 30, windowMs: WINDOW_MS },
  /** Failures to one e-mail address from browsers that are not known devices of its account. */
  account: { failures: 10, windowMs: WINDOW_MS },
  /** Failures from one known device to its account. */
  device: { failures: 10, windowMs: WINDOW_MS },
} as const;

export type SignInCounter = keyof typeof SIGN_IN_LIMITS;

/** Makes the limiter of one counter (in process, or shared through Redis). */
export type LimiterFactory = (
  name: SignInCounter,
  failures: number,
  windowMs: number,
) => FailureLimiter;

export interface SignInAttempt {
  ip: string;
  /** Normalised (trimmed, lower case); unknown addresses are counted like known ones. */
  email: string;
  /** The hash of the known-device token this attempt carries for this account, if any. */
  knownDevice: string | null;
}

export function signInThrottle(make: LimiterFactory) {
  const limiter = (name: SignInCounter) =>
    make(name, SIGN_IN_LIMITS[name].failures, SIGN_IN_LIMITS[name].windowMs);
  const ip = limiter('ip');
  const account = limiter('account');
  const device = limiter('device');

  /** The counters an attempt is judged and counted by. */
  const countersOf = (a: SignInAttempt): [FailureLimiter, string][] =>
    a.knownDevice
      ? [[device, a.knownDevice]]
      : [
          [ip, clientKey(a.ip)],
          [account, a.email],
        ];

  return {
    /** Milliseconds until this attempt may be made: 0 now, else the longest of its counters' waits. */
    async waitMs(a: SignInAttempt): Promise<number> {
      const waits = await Promise.all(countersOf(a).map(([l, key]) => l.waitMs(key)));
      return Math.max(0, ...waits);
    },
    async failed(a: SignInAttempt): Promise<void> {
      await Promise.all(countersOf(a).map(([l, key]) => l.recordFailure(key)));
    },
    /**
     * The owner got in: the account's and the device's counts start again. The client address's
     * count stays, so signing in to one's own account does not buy guesses at others.
     */
    async succeeded(a: SignInAttempt): Promise<void> {
      await Promise.all([
        account.reset(a.email),
        a.knownDevice ? device.reset(a.knownDevice) : Promise.resolve(),
      ]);
    },
  };
}
export type SignInThrottle = ReturnType<typeof signInThrottle>;
