/**
 * The failover bench's offered load: a fixed rate of reports over the fleet, every device heard by
 * every gateway; half of the gateways send HTTP batches (through the load balancer, retried as a
 * gateway retries) and the other half MQTT messages published
 * with QoS 1. A report is acknowledged when a 2xx answer covered its batch (HTTP) or the broker's
 * PUBACK arrived for its message (MQTT); every acknowledged report is remembered by its identity
 * (device, gateway, timestamp), the server's unique key of a stored report.
 */
import mqtt from 'mqtt';
import { rssiAt, type Fleet } from './pipeline-fleet.ts';

/** One tick of the sender: each tick offers rate × TICK_MS reports. */
const TICK_MS = 100;
/** Reports per MQTT message (one gateway's scan, as gateways batch them). */
const MQTT_BATCH = 50;
/** A failed HTTP batch is sent again after this long, at most HTTP_ATTEMPTS times in all. */
const HTTP_RETRY_MS = 1_000;
const HTTP_ATTEMPTS = 5;
/** Most HTTP batches and MQTT messages awaiting an answer; beyond, a tick's share is not sent. */
const MAX_OUTSTANDING = { http: 50, mqtt: 2_000 };

export interface LoadOptions {
  fleet: Fleet;
  /** Where HTTP batches go (the load balancer). */
  httpUrl: string;
  mqttUrl: string;
  /** MQTT topics are `<topicPrefix>/<gateway>`. */
  topicPrefix: string;
  ratePerS: number;
  seconds: number;
  /** Where device d stands (m) at tS seconds into the load. */
  spot: (d: number, tS: number) => { x: number; y: number };
  /** Run once, when the load is `atS` seconds in (the kill). */
  at: { atS: number; run: () => void };
}

export interface LoadResult {
  startedAt: number;
  offered: { http: number; mqtt: number };
  /** Reports not sent because too many batches or messages awaited an answer (all, and by the kill). */
  notSent: number;
  notSentByKill: number;
  acknowledged: { http: number; mqtt: number };
  /** HTTP batches answered with an error or no answer, and tried again. */
  httpRetries: number;
  /** Reports whose batch never got a 2xx answer, or whose message never got its PUBACK. */
  unacknowledged: { http: number; mqtt: number };
  /** Identities of every acknowledged report, per way in: `device|gateway|timestamp`. */
  keys: { http: Set<string>; mqtt: Set<string> };
}

interface Report {
  gateway: string;
  device: string;
  rssi: number;
  timestamp: number;
}

const keyOf = (r: Report) => `${r.device}|${r.gateway}|${r.timestamp}`;

/** Reports over the fleet: each device in turn, gateways in turn, unique timestamps per device. */
function reportMaker(fleet: Fleet, spot: LoadOptions['spot'], startedAt: number) {
  const last = new Map<string, number>();
  let cursor = 0;
  return (n: number): Report[] => {
    const now = Date.now();
    const tS = (now - startedAt) / 1000;
    const out: Report[] = [];
    for (let i = 0; i < n; i++, cursor++) {
      const d = cursor % fleet.devices.length;
      const g = Math.floor(cursor / fleet.devices.length) % fleet.gateways.length;
      const device = fleet.devices[d]!;
      const timestamp = Math.max(now, (last.get(device) ?? 0) + 1);
      last.set(device, timestamp);
      out.push({ gateway: fleet.gateways[g]!, device, rssi: rssiAt(spot(d, tS), g), timestamp });
    }
    return out;
  };
}

/** POST one batch until a 2xx answer or HTTP_ATTEMPTS; true when acknowledged. */
async function postUntilAcknowledged(
  url: string,
  key: string,
  reports: Report[],
  onRetry: () => void,
): Promise<boolean> {
  const body = JSON.stringify(reports);
  for (let attempt = 1; attempt <= HTTP_ATTEMPTS; attempt++) {
    try {
      const res = await fetch(`${url}/api/ingest`, {
        method: 'POST',
        headers: { 'x-ingest-key': key, 'content-type': 'application/json' },
        body,
      });
      const json = (await res.json()) as { rejected?: number };
      if (res.ok && (json.rejected ?? 0) === 0) return true;
    } catch {
      // The connection died with its instance: send again, as a gateway would.
    }
    if (attempt < HTTP_ATTEMPTS) {
      onRetry();
      await new Promise((r) => setTimeout(r, HTTP_RETRY_MS));
    }
  }
  return false;
}

/** Sends one tick's share each way and keeps the counts and identities of what was acknowledged. */
function senders(o: LoadOptions, publisher: mqtt.MqttClient, r: LoadResult) {
  const outstanding = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    outstanding.add(p);
    void p.finally(() => outstanding.delete(p));
  };
  let http = 0;
  let messages = 0;
  return {
    http(reports: Report[]) {
      if (http >= MAX_OUTSTANDING.http) return void (r.notSent += reports.length);
      r.offered.http += reports.length;
      http++;
      const sent = postUntilAcknowledged(o.httpUrl, o.fleet.key, reports, () => r.httpRetries++);
      track(
        sent.then((ok) => {
          http--;
          if (!ok) return;
          r.acknowledged.http += reports.length;
          for (const x of reports) r.keys.http.add(keyOf(x));
        }),
      );
    },
    mqtt(reports: Report[]) {
      if (messages >= MAX_OUTSTANDING.mqtt) return void (r.notSent += reports.length);
      r.offered.mqtt += reports.length;
      messages++;
      const topic = `${o.topicPrefix}/${reports[0]!.gateway.replaceAll(':', '')}`;
      track(
        publisher.publishAsync(topic, JSON.stringify(reports), { qos: 1 }).then(
          () => {
            messages--;
            r.acknowledged.mqtt += reports.length;
            for (const x of reports) r.keys.mqtt.add(keyOf(x));
          },
          () => void messages--,
        ),
      );
    },
    /** Answers still on their way (retries included) count once they come, within 20 s. */
    settle: () =>
      Promise.race([Promise.all([...outstanding]), new Promise((res) => setTimeout(res, 20_000))]),
  };
}

export async function offerLoad(o: LoadOptions): Promise<LoadResult> {
  const publisher = await mqtt.connectAsync(o.mqttUrl, {
    clientId: `${o.topicPrefix.replaceAll('/', '-')}-gateways`,
    clean: true,
  });
  const startedAt = Date.now();
  const r: LoadResult = {
    startedAt,
    offered: { http: 0, mqtt: 0 },
    notSent: 0,
    notSentByKill: 0,
    acknowledged: { http: 0, mqtt: 0 },
    httpRetries: 0,
    unacknowledged: { http: 0, mqtt: 0 },
    keys: { http: new Set(), mqtt: new Set() },
  };
  const make = reportMaker(o.fleet, o.spot, startedAt);
  const send = senders(o, publisher, r);
  const perTick = Math.round((o.ratePerS * TICK_MS) / 1000);
  const gateways = o.fleet.gateways;
  const httpGateways = new Set(gateways.slice(0, Math.ceil(gateways.length / 2)));
  let fired = false;
  try {
    for (let step = 0; ; step++) {
      const tS = (Date.now() - startedAt) / 1000;
      if (tS >= o.seconds) break;
      if (!fired && tS >= o.at.atS) {
        fired = true;
        r.notSentByKill = r.notSent;
        o.at.run();
      }
      const reports = make(perTick);
      const viaHttp = reports.filter((x) => httpGateways.has(x.gateway));
      const viaMqtt = reports.filter((x) => !httpGateways.has(x.gateway));
      if (viaHttp.length > 0) send.http(viaHttp);
      for (let i = 0; i < viaMqtt.length; i += MQTT_BATCH)
        send.mqtt(viaMqtt.slice(i, i + MQTT_BATCH));
      const next = startedAt + (step + 1) * TICK_MS;
      await new Promise((res) => setTimeout(res, Math.max(0, next - Date.now())));
    }
    await send.settle();
  } finally {
    await publisher.endAsync(true).catch(() => undefined);
  }
  r.unacknowledged = {
    http: r.offered.http - r.acknowledged.http,
    mqtt: r.offered.mqtt - r.acknowledged.mqtt,
  };
  return r;
}
