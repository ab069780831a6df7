/**
 * What real installations hit: phones whose address rotates stay one device (by their stable id),
 * the API takes such ids, firmware chatter is not a reject, and a body in no known format is
 * answered 4xx with a reason instead of 200 with nothing stored.
 */
import { encode } from '@msgpack/msgpack';
import { expect, it } from 'vitest';
import { macFromName } from '../src/modules/ingest/formats/index.ts';
import {
  bearer,
  createIngestKey,
  createSignedInUser,
  describeEachDb,
  type SignedIn,
} from './helpers.ts';
import { postReports } from './demo-reports.ts';
import { useEmbeddedGateway } from './mqtt-helpers.ts';

const IRK = 'irk:8a4b1c2d3e4f5a6b7c8d9e0f1a2b3c4d';

describeEachDb('gateway identities and refusals', (t) => {
  let owner: SignedIn;
  let key: string;

  t.setup(async () => {
    owner = await createSignedInUser(t.built, 'identity-owner');
    key = await createIngestKey(t.built, owner.id);
  });
  const gateway = useEmbeddedGateway(t, () => key);

  const publish = (topic: string, payload: unknown) =>
    gateway.gw.publishAsync(
      topic,
      typeof payload === 'string' ? payload : JSON.stringify(payload),
      {
        qos: 1,
      },
    );
  const devices = async () =>
    (
      await t.sql.query<{ mac: string; name: string | null }>(
        'select mac, name from heard_devices where owner_id = $1 order by mac',
        [owner.id],
      )
    ).map((r) => r.mac);
  const post = (body: string | Buffer, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-ingest-key': key, 'content-type': contentType },
      payload: body,
    });

  it('keeps a phone whose ESPresense irk: id rotates its MAC as one device', async () => {
    for (const [mac, rssi] of [
      ['4d6f7c8a9b01', -70],
      ['5e1a2b3c4d02', -68],
      ['6f9e8d7c6b03', -66],
    ] as const)
      await publish(`espresense/devices/${IRK}/office`, { id: IRK, idType: 200, mac, rssi });
    const rows = await t.sql.query<{ device_mac: string; gateway_mac: string }>(
      'select distinct device_mac, gateway_mac from signal_history where owner_id = $1',
      [owner.id],
    );
    expect(rows).toEqual([{ device_mac: IRK, gateway_mac: macFromName('espresense:office') }]);
    expect((await devices()).filter((d) => !d.startsWith('irk:'))).toEqual([]);
  });

  it('keys a fingerprint id shared by many phones by the MAC instead', async () => {
    await publish('espresense/devices/apple:1005:9-26/office', {
      id: 'apple:1005:9-26',
      idType: 10,
      mac: 'd1a2b3c4d5e6',
      rssi: -75,
    });
    expect(await devices()).toContain('D1:A2:B3:C4:D5:E6');
    expect(await devices()).not.toContain('apple:1005:9-26');
  });

  it('adds an irk: device to monitoring and lists it by that id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/devices/monitor/${encodeURIComponent(IRK)}`,
      headers: bearer(owner.token),
      payload: { name: 'Anna phone' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().device).toMatchObject({ mac: IRK, name: 'Anna phone' });
    const typo = await t.app.inject({
      method: 'POST',
      url: '/api/devices/monitor/C3:00:00:00:00',
      headers: bearer(owner.token),
      payload: {},
    });
    expect(typo.statusCode).toBe(400);
  });

  it('does not count firmware status, telemetry and config topics as rejected reports', async () => {
    const rejected = () =>
      Object.values(t.built.pipeline.stats.rejected).reduce((a, n) => a + (n ?? 0), 0);
    const before = rejected();
    await publish('espresense/rooms/office/telemetry', {
      ip: '192.168.1.20',
      uptime: 9000,
      rssi: -58,
    });
    await publish('espresense/rooms/office/status', 'online');
    await publish('espresense/rooms/office/max_distance', '16');
    await publish('ruuvi/C8:25:2D:8E:9C:2C/gw_status', '{"state":"online"}');
    await publish('home/OMG_lobby/LWT', 'online');
    await publish('home/OMG_lobby/SYStoMQTT', { uptime: 120, freemem: 120000 });
    await publish('rtls/ingest', [
      { gateway: 'AA:BB:CC:00:00:33', device: 'C4:00:00:00:00:33', rssi: 'x' },
    ]);
    expect(rejected()).toBe(before + 1);
  });

  it('answers 4xx with a reason to bodies in no known format, and stores nothing', async () => {
    const cases: [string | Buffer, string, RegExp][] = [
      ['{"hello":"world"}', 'application/json', /no known format/],
      [
        '[{"mac":"AC233FA03208","rssi":-79}]',
        'application/json',
        /No report was stored: 1 rejected \(bad_gateway_mac: 1\)/,
      ],
      ['temperature=21.5', 'text/plain', /not valid JSON/],
      ['$GPRP,F973D9D36662,E7DAE08E6FC3,-87,0201\nhello', 'text/plain', /Ingics/],
      [Buffer.from(encode({ hello: 'world' })), 'application/msgpack', /MessagePack/],
      ['[]', 'application/json', /no reports/],
    ];
    for (const [body, type, message] of cases) {
      const res = await post(body, type);
      expect(res.statusCode, String(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const noType = await postReports(t.app, key, 'nothing I know');
    expect(noType.statusCode).toBe(400);
  });

  it("lists each key's last use once a gateway has used it", async () => {
    const list = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/ingest-keys', headers: bearer(owner.token) })
      ).json().keys as { lastUsedAt: string | null }[];
    const unused = await t.built.repos.keys.create(owner.id, 'spare');
    expect((await list()).find((k) => 'id' in k && k.id === unused.id)?.lastUsedAt).toBeNull();
    await post('[{"gateway":"AA:BB:CC:00:00:44","device":"C4:00:00:00:00:44","rssi":-60}]');
    await new Promise((r) => setTimeout(r, 100));
    const used = (await list()).filter((k) => k.lastUsedAt !== null);
    expect(used).toHaveLength(1);
    expect(Math.abs(Date.parse(used[0]!.lastUsedAt!) - Date.now())).toBeLessThan(60_000);
  });

  it('counts stored reports per gateway in /metrics, for a per-gateway report rate', async () => {
    const body = (n: number) =>
      JSON.stringify(
        Array.from({ length: n }, (_, i) => ({
          gateway: 'AA:BB:CC:00:00:55',
          device: `C4:00:00:00:01:${String(i).padStart(2, '0')}`,
          rssi: -60,
        })),
      );
    expect((await post(body(3))).statusCode).toBe(200);
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(
      /^rtls_ingest_gateway_reports_total\{gateway="AA:BB:CC:00:00:55"\} 3$/m,
    );
  });

  it("shows a gateway under its firmware's name until the user names it", async () => {
    const lobby = macFromName('espresense:front_lobby');
    const available = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/available/gateways',
          headers: bearer(owner.token),
        })
      )
        .json<{ gateways: { mac: string; name: string }[] }>()
        .gateways.find((g) => g.mac === lobby)?.name;
    await publish('espresense/devices/c4:00:00:00:00:66/front_lobby', {
      id: 'c40000000066',
      rssi: -60,
    });
    expect(await available()).toBe('front_lobby');
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/gateways/monitor/${encodeURIComponent(lobby)}`,
      headers: bearer(owner.token),
      payload: {},
    });
    expect(placed.json().gateway.name).toBe('front_lobby');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/gateways/${encodeURIComponent(lobby)}`,
      headers: bearer(owner.token),
      payload: { name: 'Reception' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await publish('espresense/devices/c4:00:00:00:00:66/front_lobby', {
      id: 'c40000000066',
      rssi: -61,
    });
    await t.built.pipeline.derived.flush();
    expect(await available()).toBe('Reception');
  });

  it('takes the key as the Basic password, for gateways that only offer user and password', async () => {
    const basic = (user: string, pass: string) =>
      `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
    const send = (authorization: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ingest',
        headers: { authorization },
        payload: '$GPRP,C40000000077,E7DAE08E6FC3,-70,0201\n',
      });
    expect((await send(basic('ingics', key))).statusCode).toBe(200);
    expect((await send(basic('ingics', 'ik_wrong'))).statusCode).toBe(401);
    expect((await send('Basic !!!')).statusCode).toBe(401);
  });

  it("keeps an ESPresense node's gateway alive from its telemetry, with no tag near it", async () => {
    const attic = macFromName('espresense:attic');
    await publish('espresense/rooms/attic/telemetry', {
      ip: '192.168.1.44',
      uptime: 120,
      rssi: -61,
    });
    const rows = await t.sql.query<{ name: string; ip: string; last_seen: Date }>(
      'select name, ip, last_seen from heard_gateways where owner_id = $1 and mac = $2',
      [owner.id, attic],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'attic', ip: '192.168.1.44' });
    expect(Date.now() - new Date(rows[0]!.last_seen).getTime()).toBeLessThan(60_000);
  });

  it('shows the firmware name for a gateway that was placed before it reported', async () => {
    const mac = macFromName('espresense:server_room');
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/gateways/monitor/${encodeURIComponent(mac)}`,
      headers: bearer(owner.token),
      payload: {},
    });
    expect(placed.json().gateway.name).toBe(mac);
    await publish('espresense/rooms/server_room/telemetry', { ip: '10.0.0.9' });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/gateways',
      headers: bearer(owner.token),
    });
    const gw = listed.json<{ gateways: { mac: string; name: string }[] }>().gateways;
    expect(gw.find((g) => g.mac === mac)?.name).toBe('server_room');
  });
});
