import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { useSessionStore } from './session-store.ts';

const signedOut = { token: null, user: null, isAuthenticated: false };

beforeEach(() => {
  useSessionStore.setState(signedOut);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const signInOk = jsonResponse({
  status: 'success',
  data: { token: 'tok-9', email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
});

describe('session store', () => {
  it('signIn stores the token under "token" and the user, and marks the session signed in', async () => {
    mockFetch({
      'POST /api/user/signin': signInOk,
      'GET /api/user': jsonResponse({ status: 'success', data: { slug: 'ada' } }),
    });
    await useSessionStore.getState().signIn('ada@example.com', 'pw');
    expect(localStorage.getItem('token')).toBe('tok-9');
    const user = { email: 'ada@example.com', name: 'Ada Lovelace', slug: 'ada' };
    expect(useSessionStore.getState()).toMatchObject({
      token: 'tok-9',
      isAuthenticated: true,
      user,
    });
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
  });

  it('signIn still succeeds when the slug lookup fails', async () => {
    mockFetch({ 'POST /api/user/signin': signInOk, 'GET /api/user': jsonResponse({}, 500) });
    await useSessionStore.getState().signIn('ada@example.com', 'pw');
    expect(useSessionStore.getState().isAuthenticated).toBe(true);
    expect(useSessionStore.getState().user).toEqual({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
    });
  });

  it('a failed signIn stores nothing', async () => {
    mockFetch({ 'POST /api/user/signin': jsonResponse({}, 401) });
    await expect(useSessionStore.getState().signIn('a@b.c', 'x')).rejects.toThrow(
      'Authentication failed',
    );
    expect(localStorage.getItem('token')).toBeNull();
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
  });

  it('signOut revokes the token on the server and clears the session storage', async () => {
    localStorage.setItem('token', 'tok-9');
    localStorage.setItem('user', JSON.stringify({ email: 'a@b.c', name: 'A' }));
    localStorage.setItem('lastViewedMapId', 'map-1');
    localStorage.setItem('mapView:map-1', '{"zoom":1}');
    localStorage.setItem('mapView:map-2', '{"zoom":2}');
    localStorage.setItem('gatewayViewSettings', '{}');
    useSessionStore.setState({
      token: 'tok-9',
      user: { email: 'a@b.c', name: 'A' },
      isAuthenticated: true,
    });
    const { calls } = mockFetch({ 'POST /api/user/signout': jsonResponse({ success: true }) });

    await useSessionStore.getState().signOut();

    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/user/signout']);
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer tok-9');
    for (const key of [
      'token',
      'user',
      'lastViewedMapId',
      'mapView:map-1',
      'mapView:map-2',
      'gatewayViewSettings',
    ]) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    expect(useSessionStore.getState()).toMatchObject(signedOut);
  });

  it('signOut signs out locally even when the server call fails', async () => {
    localStorage.setItem('token', 'tok-9');
    useSessionStore.setState({ token: 'tok-9', isAuthenticated: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await useSessionStore.getState().signOut();
    expect(localStorage.getItem('token')).toBeNull();
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
  });

  it('expire clears the session without a server call', () => {
    localStorage.setItem('token', 'tok-9');
    localStorage.setItem('mapView:map-1', '{}');
    useSessionStore.setState({ token: 'tok-9', isAuthenticated: true });
    const { fetch } = mockFetch();
    useSessionStore.getState().expire();
    expect(fetch).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('mapView:map-1')).toBeNull();
    expect(useSessionStore.getState()).toMatchObject(signedOut);
  });
});
