import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.ts';

describe('session cache', () => {
  it('looks a session up once within its time, and again after it', async () => {
    let t = 0;
    let lookups = 0;
    const cache = createSessionCache<string>({ ttlMs: 2000, now: () => t });
    const lookup = async () => (lookups++, 'ada');
    expect(await cache.get('h', lookup)).toBe('ada');
    t = 1999;
    expect(await cache.get('h', lookup)).toBe('ada');
    expect(lookups).toBe(1);
    t = 2000;
    expect(await cache.get('h', lookup)).toBe('ada');
    expect(lookups).toBe(2);
  });

  it('never keeps an unknown session, and forgets a revoked one at once', async () => {
    const cache = createSessionCache<string>();
    let answer: string | null = null;
    const lookup = async () => answer;
    expect(await cache.get('h', lookup)).toBeNull();
    answer = 'ada';
    expect(await cache.get('h', lookup)).toBe('ada');
    answer = null;
    cache.forget(['h']);
    expect(await cache.get('h', lookup)).toBeNull();
  });

  it('does not store what a lookup read before a revocation landed', async () => {
    const cache = createSessionCache<string>();
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const pending = cache.get('h', async () => (await slow, 'ada'));
    cache.forget(['h']);
    release();
    expect(await pending).toBe('ada');
    expect(cache.size()).toBe(0);
    expect(await cache.get('h', async () => null)).toBeNull();
  });

  it('keeps at most maxEntries sessions, dropping the oldest', async () => {
    const cache = createSessionCache<string>({ maxEntries: 2 });
    for (const h of ['a', 'b', 'c']) await cache.get(h, async () => h);
    expect(cache.size()).toBe(2);
    let asked = false;
    await cache.get('a', async () => ((asked = true), 'a'));
    expect(asked).toBe(true);
  });
});
