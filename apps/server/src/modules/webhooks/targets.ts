/**
 * Where webhooks may point. Link-local addresses (cloud metadata services at 169.254.169.254),
 * unspecified, multicast and broadcast addresses are never a receiver. Loopback and private
 * networks are ordinary receivers on premises (a home automation box, a nurse-call bridge), so they
 * are allowed unless WEBHOOK_ALLOW_PRIVATE=false, which a deployment shared by several
 * organisations sets so that no account can reach the server's own network.
 *
 * The check runs where the connection is made (the address DNS gave for that very connection),
 * so a name that resolves to an allowed address when saved and a private one later is refused.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

const NEVER = new net.BlockList();
NEVER.addSubnet('169.254.0.0', 16, 'ipv4');
NEVER.addSubnet('0.0.0.0', 8, 'ipv4');
NEVER.addSubnet('224.0.0.0', 4, 'ipv4');
NEVER.addSubnet('240.0.0.0', 4, 'ipv4');
NEVER.addSubnet('fe80::', 10, 'ipv6');
NEVER.addSubnet('ff00::', 8, 'ipv6');
NEVER.addAddress('::', 'ipv6');

const PRIVATE = new net.BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4');
PRIVATE.addSubnet('198.18.0.0', 15, 'ipv4');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d) is judged as the IPv4 address it is. */
function plain(address: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (v4) return { address: v4[1]!, family: 'ipv4' };
  const f = net.isIP(address);
  return f === 4 ? { address, family: 'ipv4' } : f === 6 ? { address, family: 'ipv6' } : null;
}

/** Whether a webhook may connect to this IP address. */
export function targetAllowed(address: string, allowPrivate: boolean): boolean {
  const a = plain(address);
  if (!a) return false;
  if (NEVER.check(a.address, a.family)) return false;
  return allowPrivate || !PRIVATE.check(a.address, a.family);
}

/** A URL host that is an address literal and may not be a target (names are checked on connect). */
export function literalHostRefused(url: URL, allowPrivate: boolean): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return net.isIP(host) !== 0 && !targetAllowed(host, allowPrivate);
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for http(s).request that refuses addresses a webhook may not reach. */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || list.some((a) => !targetAllowed(a.address, allowPrivate))) {
        const refused: NodeJS.ErrnoException = new Error(
          `${hostname} resolves to an address webhooks may not reach`,
        );
        refused.code = 'EADDRNOTALLOWED';
        return callback(refused, []);
      }
      if (options.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * POST a body to a webhook target, connecting only to addresses it may reach; resolves with the
 * HTTP status (redirects are not followed), rejects with the connection's error.
 */
export function postToTarget(
  target: string,
  headers: Record<string, string>,
  body: string,
  o: { timeoutMs: number; allowPrivate: boolean },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(target);
    if (literalHostRefused(url, o.allowPrivate)) {
      const refused: NodeJS.ErrnoException = new Error('address webhooks may not reach');
      refused.code = 'EADDRNOTALLOWED';
      return reject(refused);
    }
    const https_ = url.protocol === 'https:';
    const send = https_ ? https.request : http.request;
    const req = send(
      url,
      {
        method: 'POST',
        agent: agentsOf(o.allowPrivate)[https_ ? 'https' : 'http'],
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(o.allowPrivate),
        timeout: o.timeoutMs,
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
        res.once('error', reject);
      },
    );
    const timer = setTimeout(() => req.destroy(timedOut()), o.timeoutMs);
    req.once('close', () => clearTimeout(timer));
    req.once('timeout', () => req.destroy(timedOut()));
    req.once('error', reject);
    req.end(body);
  });
}

/**
 * Connections are kept alive per policy: each was opened through the guarded lookup of its policy,
 * so reusing one never skips the check.
 */
const agents = new Map<boolean, { http: http.Agent; https: https.Agent }>();
function agentsOf(allowPrivate: boolean) {
  let a = agents.get(allowPrivate);
  if (!a) {
    a = {
      http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
      https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
    };
    agents.set(allowPrivate, a);
  }
  return a;
}

function timedOut(): NodeJS.ErrnoException {
  const e: NodeJS.ErrnoException = new Error('timed out');
  e.code = 'ETIMEDOUT';
  return e;
}
