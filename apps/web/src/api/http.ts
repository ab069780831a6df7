/** The one HTTP helper: JSON in and out, bearer token when present, the call's API_ERRORS text. */
import { API_ERRORS, type ApiErrorKey } from '@rtls/contract';
import { getToken } from './token.ts';

export const API_BASE = '/api';

/** A failed call: `message` is the call's fixed API_ERRORS text; `status` the HTTP status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A failure as the user reads it: the call's fixed message, with the server's reason if any. */
export function errorText(err: unknown): string {
  const e = err as Partial<ApiError>;
  const message = e.message ?? String(err);
  return e.detail && e.detail !== message ? `${message}: ${e.detail}` : message;
}

let onUnauthorized: (() => void) | null = null;
/** Called when the server answers 401 to a call that carried a token: the session has ended. */
export function setUnauthorizedHandler(handler: (() => void) | null) {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Which API_ERRORS message a failure raises. */
  error?: ApiErrorKey;
  signal?: AbortSignal;
}

/** A call of the API answered with a 2xx (else an ApiError with the server's reason). */
async function apiFetch(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const qs = opts.query
    ? '?' +
      new URLSearchParams(
        Object.entries(opts.query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
      ).toString()
    : '';
  const message = API_ERRORS[opts.error ?? 'default'];
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}${qs}`, {
      method: opts.method ?? 'GET',
      headers,
      body,
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(message, 0, (err as Error).message);
  }
  if (!res.ok) {
    if (res.status === 401 && token) onUnauthorized?.();
    const detail = await res
      .json()
      .then((b: { message?: string }) => b.message)
      .catch(() => undefined);
    throw new ApiError(message, res.status, detail);
  }
  return res;
}

export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await (await apiFetch(path, opts)).json()) as T;
}

/** A file the API answers with, and the name its Content-Disposition gives (else `fallbackName`). */
export async function apiDownload(
  path: string,
  fallbackName: string,
  opts: RequestOptions = {},
): Promise<{ blob: Blob; filename: string }> {
  const res = await apiFetch(path, opts);
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await res.blob(), filename };
}
