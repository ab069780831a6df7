/**
 * Where webhooks may point. Cloud metadata services (CLOUD_METADATA below), link-local,
 * unspecified, multicast and broadcast addresses are never a receiver. Loopback and private
 * networks are ordinary receivers on premises (a home automation box, a nurse-call bridge), so they
 * are allowed unless WEBHOOK_ALLOW_PRIVATE=false, which a deployment shared by several
 * organisations sets so that no account can reach the server's own network.
 *
 * An IPv6 address that carries an IPv4 one (IPv4-mapped, NAT64, 6to4, …) is judged as both. IPv4
 * written in hex, decimal or octal reaches here as the dotted address (URLs are parsed by the
 * WHATWG rules, which normalise it). The check runs where the connection is made (the address DNS
 * gave for that very connection), so a name that resolves to an allowed address when saved and a
 * refused one later is refused.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { embeddedIpv4 } from '../../lib/ip.ts';

/**
 * Every cloud metadata service known to us, by address and by name: the one list of them. Some
 * lie in link-local space (refused anyway), others in private ranges a webhook may otherwise use.
 */
export const CLOUD_METADATA = {
  addresses: [
    '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean, Hetzner, Oracle …
    '169.254.170.2', // AWS ECS task metadata and credentials
    '169.254.170.23', // AWS EKS Pod Identity
    '169.254.0.23', // Tencent Cloud
    'fd00:ec2::254', // AWS instance metadata over IPv6
    'fd00:ec2::23', // AWS EKS Pod Identity over IPv6
    'fd20:ce::254', // Google Cloud metadata over IPv6
    '100.100.100.200', // Alibaba Cloud
    '168.63.129.16', // Azure WireServer
    '192.0.0.192', // Oracle Cloud (legacy)
  ],
  names: [
    'metadata',
    'metadata.google.internal',
    'metadata.goog',
    'instance-data',
    'instance-data.ec2.internal',
    'metadata.tencentyun.com',
    'metadata.platformequinix.com',
  ],
} as const;

/** A block list of these addresses and `address/prefix` subnets, separated by spaces. */
function blockList(entries: string): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries.split(' ')) {
    const [address = '', prefix] = entry.split('/');
    const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

const METADATA = blockList(CLOUD_METADATA.addresses.join(' '));
/** Link-local, "this" network, multicast and reserved (with broadcast); IPv6 unspecified too. */
const NEVER = blockList('169.254.0.0/16 0.0.0.0/8 224.0.0.0/4 240.0.0.0/4 fe80::/10 ff00::/8 ::');
/** Loopback, private, shared (CGNAT) and benchmarking networks; IPv6 loopback and unique local. */
const PRIVATE = blockList(
  '127.0.0.0/8 10.0.0.0/8 172.16.0.0/12 192.168.0.0/16 100.64.0.0/10 198.18.0.0/15 ::1 fc00::/7',
);

/** Why a webhook may not connect somewhere: a metadata service, or an address it may not reach. */
export type TargetRefusal = 'metadata' | 'address';

/** The address as judged: itself, and the IPv4 address it carries when it is IPv6. */
function forms(address: string): { address: string; family: 'ipv4' | 'ipv6' }[] | null {
  const f = net.isIP(address);
  if (f === 4) return [{ address, family: 'ipv4' }];
  if (f !== 6) return null;
  const v4 = embeddedIpv4(address);
  return [{ address, family: 'ipv6' }, ...(v4 ? [{ address: v4, family: 'ipv4' as const }] : [])];
}

/** Why a webhook may not connect to this IP address, or null when it may. */
export function addressRefusal(address: string, allowPrivate: boolean): TargetRefusal | null {
  const list = forms(address);
  if (!list) return 'address';
  if (list.some((a) => METADATA.check(a.address, a.family))) return 'metadata';
  if (list.some((a) => NEVER.check(a.address, a.family))) return 'address';
  if (!allowPrivate && list.some((a) => PRIVATE.check(a.address, a.family))) return 'address';
  return null;
}

/** Whether a webhook may connect to this IP address. */
export function targetAllowed(address: string, allowPrivate: boolean): boolean {
  return addressRefusal(address, allowPrivate) === null;
}

/**
 * Why a URL's host may not be a target: a metadata service's name, or an address literal that may
 * not be reached. Other names are judged by the addresses they resolve to, on connect.
 */
export function urlRefusal(url: URL, allowPrivate: boolean): TargetRefusal | null {
  return hostRefusal(url.hostname, allowPrivate);
}

/** urlRefusal of a host name or address (IPv6 in brackets or not). */
export function hostRefusal(hostname: string, allowPrivate: boolean): TargetRefusal | null {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if ((CLOUD_METADATA.names as readonly string[]).includes(host)) return 'metadata';
  return net.isIP(host) !== 0 ? addressRefusal(host, allowPrivate) : null;
}

/** A URL host that may not be a target (see urlRefusal). */
export function literalHostRefused(url: URL, allowPrivate: boolean): boolean {
  return urlRefusal(url, allowPrivate) !== null;
}

function refusedError(message: string): NodeJS.ErrnoException {
  const refused: NodeJS.ErrnoException = new Error(message);
  refused.code = 'EADDRNOTALLOWED';
  return refused;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** Resolves every address of a name, as dns.lookup with `all: true` does. */
export type ResolveAll = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

/** A `lookup` for http(s).request that refuses addresses a webhook may not reach. */
export function guardedLookup(allowPrivate: boolean, resolveAll: ResolveAll = dns.lookup) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    if (hostRefusal(hostname, allowPrivate))
      return callback(refusedError(`${hostname} is a host webhooks may not reach`), []);
    resolveAll(hostname, { ...options, all: true }, (err, list) => {
      if (err) return callback(err, []);
      const refusals = list.map((a) => addressRefusal(a.address, allowPrivate));
      if (list.length === 0 || refusals.some((r) => r !== null)) {
        const what = refusals.includes('metadata')
          ? 'a cloud metadata service'
          : 'an address webhooks may not reach';
        return callback(refusedError(`${hostname} resolves to ${what}`), []);
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
    if (literalHostRefused(url, o.allowPrivate))
      return reject(refusedError('address webhooks may not reach'));
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
