/** Entry point of `npm start`: one process serving the console, the API and the realtime channel. */
import { loadConfig } from './config.ts';
import { DataDirInUseError } from './lib/data-dir-lock.ts';
import { startServer } from './server.ts';

const config = loadConfig();
const server = await startServer(config).catch((err: unknown) => {
  if (!(err instanceof DataDirInUseError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});

const database = config.databaseUrl
  ? `PostgreSQL (${new URL(config.databaseUrl).host})`
  : config.dataDir.startsWith('memory://')
    ? 'PGlite in memory'
    : `PGlite at ${config.dataDir}`;
const lines = [
  `Console ready at ${server.url}`,
  `  database: ${database}`,
  server.mqttIngest.mode === 'embedded'
    ? `  MQTT ingest: embedded broker on port ${server.mqttIngest.port} (password: an ingest key)`
    : server.mqttIngest.mode === 'external'
      ? `  MQTT ingest: subscribed to MQTT_URL (shared group "${config.mqttShareGroup}")`
      : '  MQTT ingest: off',
  config.redisUrl
    ? `  instances linked through Redis at ${new URL(config.redisUrl).host}`
    : '  single instance (no REDIS_URL)',
  config.simulator
    ? `  demo account: ${config.demoEmail} / ${config.demoPassword} (simulated building on; SIMULATOR=off to stop it)`
    : '  simulator: off',
];
server.app.log.info({ url: server.url, database, simulator: config.simulator }, 'server started');
process.stdout.write(lines.join('\n') + '\n');

let signals = 0;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (++signals > 1) process.exit(1);
    server.app.log.info({ signal: sig }, 'shutting down');
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        server.app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
