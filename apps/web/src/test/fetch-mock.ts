/** A routed fetch mock: each call is answered by the first route whose method and path match. */
import { vi, type Mock } from 'vitest';

export interface FetchCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

export type RouteHandler = (call: FetchCall) => Response | Promise<Response>;

/** A JSON response with the given status. */
export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A promise with its resolve function exposed, for holding a request open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Replace the global fetch. Routes are keyed `"METHOD /path"` (path without query); an unrouted
 * call answers 404 so a test notices it. Returns the mock and the recorded calls.
 */
export function mockFetch(routes: Record<string, RouteHandler | Response> = {}) {
  const calls: FetchCall[] = [];
  const fn: Mock<typeof fetch> = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const call: FetchCall = { url, method, headers: new Headers(init?.headers), body };
    calls.push(call);
    const route = routes[`${method} ${url.split('?')[0]}`];
    if (route === undefined) return jsonResponse({ message: 'not routed' }, 404);
    return route instanceof Response ? route.clone() : route(call);
  });
  vi.stubGlobal('fetch', fn);
  return { fetch: fn, calls };
}
