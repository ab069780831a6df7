/**
 * Headers that make every answer safe by default: a Content-Security-Policy under which only the
 * console's own script files run (an injected <script> or inline handler does not), no MIME
 * sniffing, no framing and no referrer to other sites.
 *
 * Styles may be inline: Leaflet and the map's marker and popup HTML set style attributes, and a
 * style cannot run code. The realtime channel is a websocket to this same host, named explicitly
 * since some browsers do not count ws:/wss: as 'self'.
 */
import type { FastifyInstance } from 'fastify';

/** A Host header that is a plain host name or address with an optional port, nothing else. */
const HOST_RE = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The Content-Security-Policy for a request that arrived with this Host header; `imageSources`
 * are further origins map images may come from (CSP_IMG_SRC).
 */
export function contentSecurityPolicy(
  host: string | undefined,
  imageSources: readonly string[] = [],
): string {
  const sockets = host && HOST_RE.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageSources].join(' '),
    "font-src 'self' data:",
    `connect-src 'self'${sockets}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
} as const;

export function registerSecurityHeaders(
  app: FastifyInstance,
  imageSources: readonly string[] = [],
) {
  app.addHook('onRequest', async (req, reply) => {
    reply.headers({
      ...SECURITY_HEADERS,
      'content-security-policy': contentSecurityPolicy(req.headers.host, imageSources),
    });
  });
}
