/**
 * Messages as real gateways send them, each from a published source (cited per sample). Times
 * are moved to the present, keeping their format, since reports older than a day are refused.
 */
import { encode } from '@msgpack/msgpack';
import { macFromName } from '../src/modules/ingest/formats/index.ts';

export interface Expected {
  device: string;
  gateway: string;
  rssi: number;
  /** Epoch ms the report carries; absent when the server's receive time applies. */
  at?: number;
  gatewayName?: string;
}

export interface Sample {
  name: string;
  source: string;
  http?: { body: Buffer | string; contentType?: string };
  mqtt?: { topic: string; payload: Buffer | string };
  expected: Expected[];
}

/**
 * A Ruuvi Gateway's custom topic prefix, of several levels and unique to this run (the external
 * broker is shared): the embedded broker takes any topic, the external one it through MQTT_TOPICS.
 */
export const RUUVI_PREFIX = `site7-${process.pid}-${Date.now().toString(36)}/ruuvi-gw`;

/** Whole seconds, a few seconds ago (distinct per call so samples never share a report key). */
let clock = Math.floor(Date.now() / 1000) - 600;
const secondsAgo = () => ++clock;

const json = (v: unknown) => JSON.stringify(v);

const ruuviHttp = (): Sample => {
  const ts = secondsAgo();
  return {
    name: 'Ruuvi Gateway HTTP POST',
    // ruuvi/docs data-formats/http-time-stamped-data-from-bluetooth-sensors.md (its example)
    source: 'github.com/ruuvi/docs: HTTP: Time-stamped data from Bluetooth-sensors',
    http: {
      contentType: 'application/json',
      body: json({
        data: {
          coordinates: '',
          timestamp: String(ts + 2),
          nonce: '2636366621',
          gw_mac: 'C8:25:2D:8E:9C:2C',
          tags: {
            'C6:A5:B9:E0:AD:06': {
              rssi: -71,
              timestamp: String(ts),
              data: '0201061BFF99040513C85714C7CC00240008041CAB76F41C3CC6A5B9E0AD06',
            },
            'E3:75:CF:37:4E:23': {
              rssi: -72,
              timestamp: String(ts),
              data: '0201061BFF99040514565D7CC7850008003C03E4A9F6741CC3E375CF374E23',
            },
          },
        },
      }),
    },
    expected: [
      {
        device: 'C6:A5:B9:E0:AD:06',
        gateway: 'C8:25:2D:8E:9C:2C',
        rssi: -71,
        at: ts * 1000,
      },
      {
        device: 'E3:75:CF:37:4E:23',
        gateway: 'C8:25:2D:8E:9C:2C',
        rssi: -72,
        at: ts * 1000,
      },
    ],
  };
};

const ruuviMqttPrefix = (): Sample => {
  const ts = secondsAgo();
  return {
    name: 'Ruuvi Gateway MQTT with a custom prefix',
    // The fields of ruuvi/docs "MQTT: Time-stamped data" (gw_mac in the body, ts as a string),
    // the values of its HTTP example; the topic prefix is a custom one
    source: 'github.com/ruuvi/docs: MQTT: Time-stamped data from Bluetooth-sensors',
    mqtt: {
      topic: `${RUUVI_PREFIX}/C8:25:2D:8E:9C:2D/C6:A5:B9:E0:AD:07`,
      payload: json({
        gw_mac: 'C8:25:2D:8E:9C:2D',
        rssi: -69,
        aoa: [],
        gwts: String(ts + 1),
        ts: String(ts),
        data: '0201061BFF99040513C85714C7CC00240008041CAB76F41C3CC6A5B9E0AD06',
        coords: '',
      }),
    },
    expected: [
      {
        device: 'C6:A5:B9:E0:AD:07',
        gateway: 'C8:25:2D:8E:9C:2D',
        rssi: -69,
        at: ts * 1000,
      },
    ],
  };
};

const minewG1 = (): Sample => {
  const iso = new Date(secondsAgo() * 1000).toISOString().replace('.000', '');
  return {
    name: 'Minew G1 JSON array',
    // A G1 upload logged by a Java integration on GitHub (request body of a Minew G1, 2019)
    source: 'Minew G1 HTTP upload as logged in a public Java integration (MinewDataDao)',
    http: {
      contentType: 'application/json',
      body: json([
        {
          timestamp: iso,
          type: 'Gateway',
          mac: 'AC233FC001EA',
          gatewayFree: 98,
          gatewayLoad: 0.05,
        },
        {
          timestamp: iso,
          type: 'Unknown',
          mac: 'AC233FA03208',
          bleName: '',
          rssi: -79,
          rawData: '0201060303E1FF0D16E1FFA10264000832A03F23AC',
        },
        {
          timestamp: iso,
          type: 'S1',
          mac: 'AC233FA018E3',
          bleName: 'S1',
          rssi: -54,
          battery: 100,
          temperature: 26.69,
          humidity: 65.14,
        },
      ]),
    },
    mqtt: { topic: 'rtls/minew/AC233FC001EA', payload: '' },
    expected: [
      {
        device: 'AC:23:3F:A0:32:08',
        gateway: 'AC:23:3F:C0:01:EA',
        rssi: -79,
        at: Date.parse(iso),
      },
      {
        device: 'AC:23:3F:A0:18:E3',
        gateway: 'AC:23:3F:C0:01:EA',
        rssi: -54,
        at: Date.parse(iso),
      },
    ],
  };
};

const ingicsLines = (): Sample => {
  const ts = secondsAgo();
  return {
    name: 'Ingics iGS text lines',
    // ingics/ingics-message-parser-py README (bin/parse_message.py example), with a time field
    source: 'github.com/ingics/ingics-message-parser-py README',
    http: {
      contentType: 'text/plain',
      body:
        `$GPRP,F973D9D36662,E7DAE08E6FC3,-87,02010612FF590080BC330100FFFFFFFF000004000000,${ts}\r\n` +
        `$GPRP,A8F9F2190E7A,E7DAE08E6FC3,-77,02010612FF0D0083BCD60000FFFFFFFFFFFF15000000,${ts}\r\n`,
    },
    mqtt: { topic: 'rtls/ingics', payload: '' },
    expected: [
      {
        device: 'F9:73:D9:D3:66:62',
        gateway: 'E7:DA:E0:8E:6F:C3',
        rssi: -87,
        at: ts * 1000,
      },
      {
        device: 'A8:F9:F2:19:0E:7A',
        gateway: 'E7:DA:E0:8E:6F:C3',
        rssi: -77,
        at: ts * 1000,
      },
    ],
  };
};

const aprilBrother = (): Sample => {
  return {
    name: 'April Brother BLE Gateway V4 MessagePack',
    // AprilBrother/wiki.aprbrother src/en/User_Guide_For_AB_BLE_Gateway_V4.md ("Example data for
    // key devices"); the iBeacon in it becomes its stable id
    source: 'github.com/AprilBrother/wiki.aprbrother: User Guide For AB BLE Gateway V4',
    http: {
      contentType: 'application/msgpack',
      body: Buffer.from(
        encode({
          v: '1.5.0',
          mid: 1204,
          time: 86400,
          ip: '192.168.1.50',
          mac: '12:3B:6A:1A:00:01',
          devices: [
            Buffer.from(
              '02C8FD1949A530CE0201061AFF4C000215EB6D469624BE4663B15230D46B0E9CC9000D002AC0',
              'hex',
            ),
            Buffer.from(
              '00123B6A1A64CFAA0201061AFF4C000215B5B182C7EAB14988AA99B5C1517008D90001CF64C5',
              'hex',
            ),
          ],
        }),
      ),
    },
    mqtt: { topic: 'rtls/aprilbrother', payload: '' },
    expected: [
      {
        device: 'iBeacon:eb6d4696-24be-4663-b152-30d46b0e9cc9-13-42',
        gateway: '12:3B:6A:1A:00:01',
        rssi: -50,
      },
      {
        device: 'iBeacon:b5b182c7-eab1-4988-aa99-b5c1517008d9-1-53092',
        gateway: '12:3B:6A:1A:00:01',
        rssi: -86,
      },
    ],
  };
};

const theengsPresence = (): Sample => {
  return {
    name: 'Theengs Gateway presence topic',
    // theengs/gateway docs: presence_topic defaults to home/presence/TheengsGateway; the payload
    // is the decoded advertisement (use.md example) with the room-presence distance
    source: 'github.com/theengs/gateway docs/use/use.md and its presence_topic default',
    mqtt: {
      topic: 'home/presence/TheengsGateway',
      payload: json({
        name: 'F35285',
        id: 'F3:52:85:00:00:01',
        rssi: -82,
        brand: 'BlueMaestro',
        model: 'TempoDisc',
        distance: 7.1,
      }),
    },
    expected: [
      {
        device: 'F3:52:85:00:00:01',
        gateway: macFromName('omg:TheengsGateway'),
        rssi: -82,
        gatewayName: 'TheengsGateway',
      },
    ],
  };
};

const omgAdvert = (): Sample => {
  return {
    name: 'OpenMQTTGateway BTtoMQTT',
    source: 'OpenMQTTGateway docs: home/<gateway>/BTtoMQTT/<MAC> with {id, rssi, name}',
    mqtt: {
      topic: 'home/OMG_lobby/BTtoMQTT/C40000000002',
      payload: json({ id: 'C4:00:00:00:00:02', rssi: -67, name: 'Thermo' }),
    },
    expected: [
      {
        device: 'C4:00:00:00:00:02',
        gateway: macFromName('omg:OMG_lobby'),
        rssi: -67,
        gatewayName: 'OMG_lobby',
      },
    ],
  };
};

const espresenseIBeacon = (): Sample => {
  return {
    name: 'ESPresense iBeacon id',
    // A captured ESPresense message quoted in a public project's documentation (an Android phone
    // as an iBeacon via the Home Assistant Companion app, heard by the kitchen node)
    source:
      'ESPresense device message (espresense/devices/<id>/<room>), fields as in ESPresense docs',
    mqtt: {
      topic: 'espresense/devices/iBeacon:1d4b2e16-481e-4579-8b35-ffc32e4a1758-100-1/kitchen',
      payload: json({
        mac: '5a3f1c9d0e42',
        id: 'iBeacon:1d4b2e16-481e-4579-8b35-ffc32e4a1758-100-1',
        name: 'pixel-8',
        'rssi@1m': -59,
        rssi: -72.35,
        rxAdj: 20,
        rssiVar: 1.84,
        distance: 3.42,
        var: 0.21,
        int: 1032,
      }),
    },
    expected: [
      {
        device: 'iBeacon:1d4b2e16-481e-4579-8b35-ffc32e4a1758-100-1',
        gateway: macFromName('espresense:kitchen'),
        rssi: -72.35,
        gatewayName: 'kitchen',
      },
    ],
  };
};

export const samples = (): Sample[] =>
  [
    ruuviHttp(),
    ruuviMqttPrefix(),
    minewG1(),
    ingicsLines(),
    aprilBrother(),
    theengsPresence(),
    omgAdvert(),
    espresenseIBeacon(),
  ].map(fillMqtt);

/** Samples that go both ways carry the HTTP body over MQTT too. */
function fillMqtt(s: Sample): Sample {
  if (s.mqtt && s.mqtt.payload === '' && s.http)
    return { ...s, mqtt: { ...s.mqtt, payload: s.http.body } };
  return s;
}
