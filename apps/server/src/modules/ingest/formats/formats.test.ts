import { describe, expect, it } from 'vitest';
import { idFromAdvertisement } from './shared.ts';
import { parseHttpBody, parseMqttMessage } from './index.ts';

const NS = 'EDD1EBEAC04E5DEFA017';
const INSTANCE = '0BDB87539B67';

describe('stable ids from advertising data', () => {
  it('reads an iBeacon as iBeacon:<uuid>-<major>-<minor>', () => {
    expect(
      idFromAdvertisement('0201061AFF4C000215EB6D469624BE4663B15230D46B0E9CC9000D002AC0'),
    ).toBe('iBeacon:eb6d4696-24be-4663-b152-30d46b0e9cc9-13-42');
  });

  it('reads an Eddystone-UID as eddystone:<namespace>-<instance>', () => {
    const adv = `0201060303AAFE1716AAFE00E8${NS}${INSTANCE}0000`;
    expect(idFromAdvertisement(adv)).toBe(
      `eddystone:${NS.toLowerCase()}-${INSTANCE.toLowerCase()}`,
    );
  });

  it('has no id for other advertisements or broken data', () => {
    expect(idFromAdvertisement('02010612FF590080BC330100FFFFFFFF000004000000')).toBeNull();
    expect(idFromAdvertisement('1AFF4C0002')).toBeNull();
    expect(idFromAdvertisement('not hex')).toBeNull();
  });
});

describe('Minew iBeacon elements', () => {
  it('key the beacon by uuid-major-minor and the gateway by its element', () => {
    const parsed = parseHttpBody(
      Buffer.from(
        JSON.stringify([
          { type: 'Gateway', mac: 'AC233FC001EA' },
          {
            type: 'iBeacon',
            mac: 'AC233FA03208',
            rssi: -79,
            ibeaconUuid: 'E2C56DB5-DFFB-48D2-B060-D0F5A71096E0',
            ibeaconMajor: 1,
            ibeaconMinor: 2,
          },
        ]),
      ),
    );
    expect(parsed).toMatchObject({
      ok: true,
      format: 'minew',
      reports: [
        {
          gateway: 'AC233FC001EA',
          device: 'iBeacon:e2c56db5-dffb-48d2-b060-d0f5a71096e0-1-2',
          rssi: -79,
        },
      ],
    });
  });
});

describe('firmware chatter', () => {
  it.each([
    ['espresense/rooms/kitchen/status', 'online'],
    ['espresense/settings/irk:abc/config', '{"name":"Anna"}'],
    ['home/OMG_lobby/LWT', 'offline'],
    ['home/TheengsGateway/SYStoMQTT', '{"uptime":5}'],
    ['homeassistant/sensor/abc/config', '{}'],
    ['ruuvi/C8:25:2D:8E:9C:2C/gw_status', '{"state":"online"}'],
  ])('%s is recognised and carries no report', (topic, payload) => {
    expect(parseMqttMessage(topic, Buffer.from(payload))).toMatchObject({
      ok: true,
      reports: [],
      chatter: true,
    });
  });

  it('an unknown topic with a body that is not JSON is still refused', () => {
    expect(parseMqttMessage('rtls/ingest', Buffer.from('online'))).toMatchObject({
      ok: false,
      reason: 'invalid_json',
    });
  });
});

describe('April Brother JSON mode', () => {
  it('reads [type, MAC, RSSI, advertising data] frames', () => {
    // Frame layout as a published Hubitat driver for the gateway reads it (devices[i][0..3]).
    const parsed = parseHttpBody(
      Buffer.from(
        JSON.stringify({
          v: '1.5.0',
          mid: 7,
          time: 100,
          ip: '192.168.1.50',
          mac: '123B6A1A0001',
          devices: [
            [
              2,
              'C8FD1949A530',
              -50,
              '0201061AFF4C000215EB6D469624BE4663B15230D46B0E9CC9000D002AC0',
            ],
            [0, 'C8FD1949A531', -70, '02010612FF590080BC330100FFFFFFFF000004000000'],
          ],
        }),
      ),
    );
    expect(parsed).toMatchObject({
      ok: true,
      format: 'april-brother',
      reports: [
        {
          gateway: '123B6A1A0001',
          device: 'iBeacon:eb6d4696-24be-4663-b152-30d46b0e9cc9-13-42',
          rssi: -50,
        },
        { gateway: '123B6A1A0001', device: 'C8FD1949A531', rssi: -70 },
      ],
    });
  });
});

describe('Ruuvi Gateway MQTT', () => {
  const body = JSON.stringify({ gw_mac: 'C8:25:2D:8E:9C:2C', rssi: -69, ts: '1728719836' });
  it.each([
    'ruuvi/C8:25:2D:8E:9C:2C/C6:A5:B9:E0:AD:06',
    'acme/site7/ruuvi-gw/C8:25:2D:8E:9C:2C/C6:A5:B9:E0:AD:06',
    'C6:A5:B9:E0:AD:06',
  ])('reads a report under the topic %s (the gateway from the body)', (topic) => {
    expect(parseMqttMessage(topic, Buffer.from(body))).toEqual({
      ok: true,
      format: 'ruuvi',
      reports: [
        {
          gateway: 'C8:25:2D:8E:9C:2C',
          device: 'C6:A5:B9:E0:AD:06',
          rssi: -69,
          timestamp: '1728719836',
        },
      ],
    });
  });

  it('takes its status topic under any prefix as chatter', () => {
    const status = Buffer.from('{"state":"online"}');
    expect(parseMqttMessage('acme/site7/C8:25:2D:8E:9C:2C/gw_status', status)).toMatchObject({
      ok: true,
      chatter: true,
    });
  });
});
