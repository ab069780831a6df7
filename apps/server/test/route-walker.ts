/**
 * Walks every route the app registered with hostile input: bad path parameters (NUL, invalid
 * UTF-8, huge numbers), out-of-range query numbers, NUL and invalid UTF-8 in JSON bodies, empty
 * bodies with a JSON content type, truncated JSON and multipart. Returns every response, so a suite
 * can assert what none of them may be (a 500, or a 5xx other than 503 with Retry-After).
 */
import type { BuiltApp } from '../src/app.ts';
import type { Sql } from '../src/lib/db.ts';
import { bearer, createIngestKey, createSignedInUser } from './helpers.ts';

export interface Probe {
  method: string;
  url: string;
  what: string;
  status: number;
  retryAfter: string | undefined;
  body: string;
}

/** Real values for path parameters, by parameter name and route prefix (deeper probes). */
export type RealParams = (route: string, param: string) => string;

export const HOSTILE_SEGMENTS = [
  '%00',
  'a%00b',
  '%FF%FE',
  '%C0%80',
  '%ED%A0%80',
  '99999999999999999999',
  '1e309',
  'Infinity',
  '-1',
  'x'.repeat(3000),
];

export const HOSTILE_QUERY_VALUES = [
  '1e309',
  '99999999999999999999',
  'Infinity',
  '-Infinity',
  'NaN',
  '-1',
  '1.5',
  '%00',
  'a%00b',
  '%FF',
  'x'.repeat(3000),
];

/** Query names probed on every route, besides the ones the route declares. */
const COMMON_QUERY = ['skip', 'limit', 'minutes', 'lastSeenDays', 'mapId', 'token'];

const NUL = 'a\u0000b';
const INVALID_UTF8 = Buffer.concat([
  Buffer.from('{"name":"'),
  Buffer.from([0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80]),
  Buffer.from('","email":"'),
  Buffer.from([0xff]),
  Buffer.from('@example.com"}'),
]);
const TRUNCATED_MULTIPART =
  '--XyZ\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n' +
  'Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n\x00\x00';

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: {
          content?: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }>;
        };
      }
    >
  >;
}

/** Property names and types of each route's JSON body, from the app's OpenAPI document. */
function bodyFields(app: BuiltApp['app']) {
  const spec = app.swagger() as unknown as OpenApi;
  const out = new Map<string, { fields: Record<string, string>; query: string[] }>();
  for (const [path, ops] of Object.entries(spec.paths)) {
    const url = path.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, op] of Object.entries(ops)) {
      const props = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      const fields = Object.fromEntries(
        Object.entries(props).map(([k, v]) => [k, v.type ?? 'string']),
      );
      const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      out.set(`${method.toUpperCase()} ${url}`, { fields, query });
    }
  }
  return out;
}

/** Bodies with every field plausible but one poisoned, and each field poisoned alone. */
function hostileBodies(fields: Record<string, string>): { what: string; body: unknown }[] {
  const plausible = (type: string): unknown =>
    type === 'number' || type === 'integer'
      ? 1
      : type === 'boolean'
        ? true
        : type === 'array'
          ? []
          : type === 'object'
            ? {}
            : 'x';
  const base = Object.fromEntries(Object.entries(fields).map(([k, t]) => [k, plausible(t)]));
  const out: { what: string; body: unknown }[] = [
    {
      what: 'NUL in every field',
      body: Object.fromEntries(Object.keys(fields).map((k) => [k, NUL])),
    },
    { what: 'NUL in a key', body: { ...base, [NUL]: 1 } },
  ];
  for (const [k, type] of Object.entries(fields)) {
    out.push({ what: `NUL in ${k}`, body: { ...base, [k]: type === 'array' ? [NUL] : NUL } });
    out.push({ what: `${k} = 1e308`, body: { ...base, [k]: 1e308 } });
    out.push({ what: `${k} = -1e308`, body: { ...base, [k]: -1e308 } });
  }
  return out;
}

/** Fill a route's parameters: the real value, except `hostile` for parameter `only`. */
function fill(url: string, real: RealParams, only?: string, hostile?: string) {
  return url.replace(/:(\w+)/g, (_m, name: string) =>
    name === only ? hostile! : encodeURIComponent(real(url, name)),
  );
}

export async function walkRoutes(
  built: BuiltApp,
  opts: { headers: Record<string, string>; real: RealParams; skip?: (r: string) => boolean },
): Promise<Probe[]> {
  const probes: Probe[] = [];
  const fields = bodyFields(built.app);
  // Sign-out and deletions last, so the session and the resources stay for the other probes.
  const routes = [...built.routes]
    .filter((r) => r.method !== 'HEAD' && !opts.skip?.(`${r.method} ${r.url}`))
    .sort((a, b) => rank(a) - rank(b));
  const send = async (
    what: string,
    method: string,
    url: string,
    extra: { headers?: Record<string, string>; payload?: string | Buffer } = {},
  ) => {
    const res = await built.app.inject({
      method: method as 'GET',
      url,
      headers: { ...opts.headers, ...extra.headers },
      payload: extra.payload,
    });
    probes.push({
      method,
      url: url.length > 120 ? url.slice(0, 120) + '…' : url,
      what,
      status: res.statusCode,
      retryAfter: res.headers['retry-after'] as string | undefined,
      body: res.body.slice(0, 200),
    });
  };
  const json = { 'content-type': 'application/json' };
  for (const { method, url } of routes) {
    const info = fields.get(`${method} ${url}`) ?? { fields: {}, query: [] };
    const good = fill(url, opts.real);
    for (const param of url.match(/:(\w+)/g) ?? [])
      for (const h of HOSTILE_SEGMENTS)
        await send(`${param}=${h}`, method, fill(url, opts.real, param.slice(1), h));
    for (const name of new Set([...info.query, ...COMMON_QUERY]))
      for (const v of HOSTILE_QUERY_VALUES)
        await send(`?${name}=${v}`, method, `${good}?${name}=${v}`);
    await send('JSON content type, empty body', method, good, { headers: json });
    await send('invalid UTF-8 JSON', method, good, { headers: json, payload: INVALID_UTF8 });
    await send('truncated JSON', method, good, { headers: json, payload: '{"name": "a' });
    await send('huge number JSON', method, good, {
      headers: json,
      payload: '{"name": 99999999999999999999, "rssi": 1e999}',
    });
    await send('deep JSON', method, good, {
      headers: json,
      payload: '['.repeat(5000) + ']'.repeat(5000),
    });
    await send('truncated multipart', method, good, {
      headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
      payload: Buffer.from(TRUNCATED_MULTIPART, 'latin1'),
    });
    if (method === 'POST' || method === 'PUT' || method === 'PATCH')
      for (const b of hostileBodies(info.fields))
        await send(b.what, method, good, { headers: json, payload: JSON.stringify(b.body) });
  }
  return probes;
}

function rank(r: { method: string; url: string }) {
  if (r.url.endsWith('/signout')) return 2;
  return r.method === 'DELETE' ? 1 : 0;
}

/** One line per probe, for a readable failure. */
export const describeProbes = (probes: Probe[]) =>
  probes.map((p) => `${p.status} ${p.method} ${p.url} [${p.what}] ${p.body}`).join('\n');

/** Real ids of one seeded account, for the path parameters of every route. */
export async function realParamsOf(
  built: BuiltApp,
  sql: Sql,
  owner: { id: string; token: string },
) {
  const one = async (text: string) =>
    (await sql.query<{ v: string }>(text, [owner.id]))[0]?.v ?? 'missing';
  const mapId = await one('select id as v from maps where owner_id = $1 limit 1');
  const gatewayId = await one('select id as v from gateways where owner_id = $1 limit 1');
  const deviceMac = await one('select mac as v from devices where owner_id = $1 limit 1');
  const label = await built.app.inject({
    method: 'POST',
    url: '/api/labels',
    headers: bearer(owner.token),
    payload: { name: 'Exit', x: 1, y: 2 },
  });
  const labelId = (label.json() as { label?: { id: string }; data?: { id: string } }).label?.id;
  await createIngestKey(built, owner.id);
  const keyId = await one('select id as v from ingest_keys where owner_id = $1 limit 1');
  const friend = await createSignedInUser(built, 'friend');
  await built.app.inject({
    method: 'POST',
    url: `/api/maps/${mapId}/collaborators`,
    headers: bearer(owner.token),
    payload: { userId: friend.email, role: 'viewer' },
  });
  const real: RealParams = (route, param) => {
    if (param === 'mapId') return mapId;
    if (param === 'gatewayId') return gatewayId;
    if (param === 'userId') return friend.id;
    if (param === 'mac') return deviceMac;
    if (param === 'file') return 'x.png';
    if (route.startsWith('/api/maps')) return mapId;
    if (route.startsWith('/api/gateways')) return gatewayId;
    if (route.startsWith('/api/devices')) return deviceMac;
    if (route.startsWith('/api/labels')) return labelId ?? 'missing';
    if (route.startsWith('/api/ingest-keys')) return keyId;
    return 'x';
  };
  return real;
}
