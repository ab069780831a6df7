import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { ApiError, apiRequest, setUnauthorizedHandler } from './http.ts';

afterEach(() => {
  setUnauthorizedHandler(null);
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('apiRequest', () => {
  it('calls /api<path> and returns the JSON body', async () => {
    const { calls } = mockFetch({ 'GET /api/maps': jsonResponse({ success: true, maps: [] }) });
    await expect(apiRequest('/maps')).resolves.toEqual({ success: true, maps: [] });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('GET');
  });

  it('sends the bearer token when one is stored', async () => {
    localStorage.setItem('token', 'tok-42');
    const { calls } = mockFetch({ 'GET /api/maps': jsonResponse({}) });
    await apiRequest('/maps');
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer tok-42');
  });

  it('sends no Authorization header without a token', async () => {
    const { calls } = mockFetch({ 'GET /api/maps': jsonResponse({}) });
    await apiRequest('/maps');
    expect(calls[0]!.headers.has('Authorization')).toBe(false);
  });

  it('sends a body as JSON', async () => {
    const { calls } = mockFetch({ 'POST /api/maps': jsonResponse({ success: true }) });
    await apiRequest('/maps', { method: 'POST', body: { name: 'Lobby', isPublic: false } });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]!.body).toEqual({ name: 'Lobby', isPublic: false });
  });

  it('adds defined query values and leaves out undefined ones', async () => {
    const { calls } = mockFetch({ 'GET /api/maps/public': jsonResponse({}) });
    await apiRequest('/maps/public', { query: { limit: 20, skip: 0, q: undefined } });
    expect(calls[0]!.url).toBe('/api/maps/public?limit=20&skip=0');
  });

  it("raises the call's API_ERRORS message on a non-ok answer", async () => {
    mockFetch({ 'GET /api/maps': jsonResponse({ message: 'boom' }, 500) });
    const err = await failure(apiRequest('/maps', { error: 'fetchMaps' }));
    expect(err.message).toBe('Failed to fetch maps');
    expect(err.status).toBe(500);
    expect(err.detail).toBe('boom');
  });

  it.each([
    ['fetchMonitoredDevices', 'Failed to fetch monitored devices'],
    ['fetchMapGateways', 'Failed to fetch map gateways'],
    ['saveMapPreset', 'Failed to save map preset'],
  ] as const)('error %s reads "%s"', async (key, text) => {
    mockFetch({ 'GET /api/x': jsonResponse({}, 404) });
    expect((await failure(apiRequest('/x', { error: key }))).message).toBe(text);
  });

  it("defaults to 'Failed' when the call names no message", async () => {
    mockFetch({ 'GET /api/x': new Response('not json', { status: 503 }) });
    const err = await failure(apiRequest('/x'));
    expect(err.message).toBe('Failed');
    expect(err.status).toBe(503);
  });

  it('ends the session on a 401 to a call that carried a token', async () => {
    localStorage.setItem('token', 'expired');
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockFetch({ 'GET /api/maps': jsonResponse({ message: 'Unauthorized' }, 401) });
    const err = await failure(apiRequest('/maps', { error: 'fetchMaps' }));
    expect(err.status).toBe(401);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('does not call the unauthorized handler for a 401 without a token, or a 403', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockFetch({
      'POST /api/user/signin': jsonResponse({}, 401),
      'GET /api/maps': jsonResponse({}, 403),
    });
    await failure(apiRequest('/user/signin', { method: 'POST', body: {} }));
    localStorage.setItem('token', 'tok');
    await failure(apiRequest('/maps'));
    expect(handler).not.toHaveBeenCalled();
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const err = await failure(apiRequest('/maps', { error: 'fetchMaps' }));
    expect(err.status).toBe(0);
    expect(err.message).toBe('Failed to fetch maps');
  });
});
