/**
 * The Redis connection several instances share (REDIS_URL): a command client, a subscriber for the
 * Socket.IO adapter, a readiness probe, and the shared sign-in failure limiter.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { waitFromFailures, type FailureLimiter } from './failure-limiter.ts';

export interface RedisLink {
  /** Commands (limiter) and the adapter's publishing side. */
  client: Redis;
  /** A second connection in subscriber mode, for the Socket.IO adapter. */
  subscriber: Redis;
  /** 'ok', or why Redis is not reachable (for /readyz). */
  ready(): Promise<'ok' | string>;
  close(): Promise<void>;
}

/** Prefix of every key this product writes, so it can share a Redis with others. */
export const REDIS_PREFIX = 'rtls:';

const describe = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return 'REDIS_URL';
  }
};

/**
 * Connect to Redis; fails with one clear sentence when it cannot be reached within timeoutMs
 * (instances must not start split from the others). Later outages reconnect on their own.
 */
export async function openRedis(url: string, timeoutMs = 10_000): Promise<RedisLink> {
  const options = {
    lazyConnect: true,
    // A command during an outage fails fast instead of waiting: sign-ins fall back, probes say so.
    maxRetriesPerRequest: 1,
    connectTimeout: timeoutMs,
    retryStrategy: (times: number) => Math.min(times * 200, 2000),
    // RESP2 with no client-info handshake: ioredis' RESP3 handshake rejects unhandled (a crash)
    // when a connection is accepted and then dropped, as behind a proxy whose Redis is away.
    protocol: 2 as const,
    disableClientInfo: true,
  };
  // Commands answer within 2 s or fail, and fail at once while disconnected (no offline queue):
  // sign-in and /readyz never wait on an outage.
  const client = new Redis(url, { ...options, commandTimeout: 2_000, enableOfflineQueue: false });
  const subscriber = new Redis(url, options);
  // Errors are reported by the probe and the failing calls; the clients reconnect by themselves.
  client.on('error', () => undefined);
  subscriber.on('error', () => undefined);
  // The Socket.IO adapter publishes without handling failures: during an outage that would be an
  // unhandled rejection (a crash). Live updates to other instances are best effort: drop them.
  const publish = client.publish.bind(client);
  client.publish = ((...args: Parameters<typeof publish>) =>
    publish(...args).catch(() => 0)) as typeof client.publish;
  // Likewise it unsubscribes on close without handling failures (a shutdown during an outage).
  const unsubscribe = subscriber.unsubscribe.bind(subscriber);
  subscriber.unsubscribe = ((...args: Parameters<typeof unsubscribe>) =>
    unsubscribe(...args).catch(() => 0)) as typeof subscriber.unsubscribe;
  const punsubscribe = subscriber.punsubscribe.bind(subscriber);
  subscriber.punsubscribe = ((...args: Parameters<typeof punsubscribe>) =>
    punsubscribe(...args).catch(() => 0)) as typeof subscriber.punsubscribe;
  try {
    await Promise.race([
      Promise.all([client.connect(), subscriber.connect()]),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), timeoutMs)),
    ]);
  } catch (err) {
    client.disconnect();
    subscriber.disconnect();
    throw new Error(
      `REDIS_URL is set but Redis at ${describe(url)} is unreachable (${(err as Error).message})`,
    );
  }
  return {
    client,
    subscriber,
    async ready() {
      try {
        return (await client.ping()) === 'PONG' ? 'ok' : 'unexpected answer to PING';
      } catch (err) {
        return `Redis unreachable: ${(err as Error).message}`;
      }
    },
    async close() {
      await Promise.allSettled([client.quit(), subscriber.quit()]);
      client.disconnect();
      subscriber.disconnect();
    },
  };
}

/**
 * A failure limiter shared by all instances: a sliding window per key in a Redis sorted set. When
 * Redis fails, the local limiter answers instead, so sign-in keeps working and stays limited.
 */
export function redisFailureLimiter(
  client: Redis,
  name: string,
  limit: number,
  windowMs: number,
  fallback: FailureLimiter,
  now = () => Date.now(),
): FailureLimiter {
  const keyOf = (key: string) => `${REDIS_PREFIX}limit:${name}:${key}`;
  return {
    async waitMs(key) {
      const k = keyOf(key);
      const t = now();
      try {
        const res = await client
          .multi()
          .zremrangebyscore(k, 0, t - windowMs)
          .zrange(k, '0', '-1', 'WITHSCORES')
          .exec();
        const flat = (res?.[1]?.[1] ?? []) as string[];
        const times = flat.filter((_, i) => i % 2 === 1).map(Number);
        return waitFromFailures(times, limit, windowMs, t);
      } catch {
        return fallback.waitMs(key);
      }
    },
    async recordFailure(key) {
      const k = keyOf(key);
      const t = now();
      try {
        await client
          .multi()
          .zadd(k, t, `${t}:${randomBytes(6).toString('hex')}`)
          .zremrangebyscore(k, 0, t - windowMs)
          .pexpire(k, windowMs)
          .exec();
      } catch {
        await fallback.recordFailure(key);
      }
    },
    async reset(key) {
      await fallback.reset(key);
      try {
        await client.del(keyOf(key));
      } catch {
        /* the window expires on its own */
      }
    },
  };
}

/** A message channel between instances over the shared Redis (best effort, at most once). */
export interface RedisChannel<T> {
  publish(message: T): Promise<void>;
  /** fn runs for every message published on the channel by any instance, this one included. */
  subscribe(fn: (message: T) => void): Promise<void>;
}

export function redisChannel<T>(link: RedisLink, name: string): RedisChannel<T> {
  const channel = `${REDIS_PREFIX}${name}`;
  return {
    async publish(message) {
      await link.client.publish(channel, JSON.stringify(message));
    },
    async subscribe(fn) {
      link.subscriber.on('message', (from: string, text: string) => {
        if (from !== channel) return;
        let message: T;
        try {
          message = JSON.parse(text) as T;
        } catch {
          return; // not ours: another program on the same Redis
        }
        fn(message);
      });
      await link.subscriber.subscribe(channel);
    },
  };
}

/** True for ioredis' errors that mean Redis is unreachable right now (not a bad command). */
export function isRedisUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (
    err.name === 'MaxRetriesPerRequestError' ||
    /^(Connection is closed|Command timed out|Stream isn't writeable)/.test(err.message)
  );
}
