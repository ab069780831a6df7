import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { fetchUserSlug, signIn } from './auth.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ok = {
  status: 'success',
  data: { token: 'tok', email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
};

describe('signIn', () => {
  it('posts the credentials and returns the token and names', async () => {
    const { calls } = mockFetch({ 'POST /api/user/signin': jsonResponse(ok) });
    await expect(signIn('ada@example.com', 'secret')).resolves.toEqual(ok.data);
    expect(calls[0]!.body).toEqual({ email: 'ada@example.com', password: 'secret' });
  });

  it("fails with 'Authentication failed' on a 401", async () => {
    mockFetch({ 'POST /api/user/signin': jsonResponse({ message: 'Bad password' }, 401) });
    await expect(signIn('ada@example.com', 'wrong')).rejects.toThrow(/^Authentication failed$/);
  });

  it("fails with 'Authentication failed' when the status is not success", async () => {
    mockFetch({ 'POST /api/user/signin': jsonResponse({ status: 'error', data: null }) });
    await expect(signIn('ada@example.com', 'x')).rejects.toThrow(/^Authentication failed$/);
  });

  it("fails with 'Authentication failed' when the network is down", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(signIn('ada@example.com', 'x')).rejects.toThrow(/^Authentication failed$/);
  });
});

describe('fetchUserSlug', () => {
  it('reads data.slug', async () => {
    mockFetch({ 'GET /api/user': jsonResponse({ status: 'success', data: { slug: 'ada-l' } }) });
    await expect(fetchUserSlug()).resolves.toBe('ada-l');
  });

  it('resolves undefined when the call fails', async () => {
    mockFetch({ 'GET /api/user': jsonResponse({}, 500) });
    await expect(fetchUserSlug()).resolves.toBeUndefined();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expect(fetchUserSlug()).resolves.toBeUndefined();
  });
});
