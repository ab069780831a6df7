/**
 * Drives any running server with simulated gateways and walking tags:
 *   npm run simulate -- --url http://localhost:8080 --key ik_… [--devices 50] [--gateways 19] [--rate 1]
 *   npm run simulate -- --mqtt mqtt://localhost:1883 --key ik_… …   (publishes generic JSON to rtls/ingest)
 * Prints accepted/rejected counts every 5 s; stops on Ctrl-C or after --seconds.
 */
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { DEMO_GATEWAYS } from './building.ts';
import { createSimulator, gatewayLayout, type SimReport } from './simulator.ts';

const USAGE =
  'usage: npm run simulate -- (--url <server> | --mqtt <broker url>) --key <ingest key> [--devices N] [--gateways M] [--rate R] [--seconds S]';

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`--${name} must be a positive number, got "${raw}"`);
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      mqtt: { type: 'string' },
      key: { type: 'string' },
      devices: { type: 'string' },
      gateways: { type: 'string' },
      rate: { type: 'string' },
      seconds: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.key || (!values.url && !values.mqtt)) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const devices = Math.round(positive('devices', values.devices, 20));
  const gateways = Math.round(positive('gateways', values.gateways, DEMO_GATEWAYS.length));
  const rate = positive('rate', values.rate, 1);
  const counts = { sent: 0, accepted: 0, rejected: 0, failed: 0 };

  let sink: (reports: SimReport[]) => Promise<unknown>;
  let close = async () => undefined as unknown;
  if (values.mqtt) {
    const client = await mqtt.connectAsync(values.mqtt, {
      username: 'simulator',
      password: values.key,
    });
    sink = async (reports) => {
      counts.sent += reports.length;
      await client.publishAsync('rtls/ingest', JSON.stringify(reports), { qos: 1 });
      counts.accepted += reports.length;
    };
    close = () => client.endAsync();
  } else {
    const url = new URL('/api/ingest', values.url).toString();
    sink = async (reports) => {
      counts.sent += reports.length;
      // Batches of at most 5000 reports, as the API accepts.
      for (let i = 0; i < reports.length; i += 5000) {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-ingest-key': values.key! },
          body: JSON.stringify(reports.slice(i, i + 5000)),
        });
        if (!res.ok) {
          counts.failed += Math.min(5000, reports.length - i);
          if (res.status === 401) throw new Error('the server refused the ingest key');
          continue;
        }
        const body = (await res.json()) as { accepted: number; rejected: number };
        counts.accepted += body.accepted;
        counts.rejected += body.rejected;
      }
    };
  }

  const sim = createSimulator({
    devices,
    gateways: gatewayLayout(gateways),
    rate,
    sink,
    onError: (err) => {
      console.error(`simulate: ${(err as Error).message}`);
      if ((err as Error).message.includes('ingest key')) process.exit(1);
    },
  });
  console.log(
    `simulating ${devices} tags and ${gateways} gateways at ${rate} rounds/s → ${values.url ?? values.mqtt}`,
  );
  sim.start();
  const report = setInterval(() => console.log(JSON.stringify(counts)), 5000);
  const stop = async () => {
    clearInterval(report);
    await sim.stop();
    await close();
    console.log(JSON.stringify(counts));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  if (values.seconds) setTimeout(() => void stop(), positive('seconds', values.seconds, 1) * 1000);
}

main().catch((err: unknown) => {
  console.error(`simulate: ${(err as Error).message}`);
  process.exit(1);
});
