/** Whether the server is up: its liveness check (GET /healthz, no token), beside the API. */

/** A server that does not answer within this long counts as not answering. */
const HEALTH_TIMEOUT_MS = 5_000;

/** Resolves true when the server answers its liveness check; never rejects. */
export async function serverAnswers(): Promise<boolean> {
  try {
    const res = await fetch('/healthz', {
      cache: 'no-store',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    if (!res.ok) return false;
    // A page served in its place (a proxy's fallback) is not the server answering.
    const body = (await res.json()) as { status?: unknown };
    return body.status === 'ok';
  } catch {
    return false;
  }
}
