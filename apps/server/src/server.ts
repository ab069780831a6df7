/** Starts everything one process runs: database, API, realtime, simulator; and stops it in order. */
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { migrate, MIGRATIONS_DIR, openDatabase } from './lib/db.ts';
import { mqttMembers } from './modules/ingest/mqtt-members.ts';
import { startMqttIngest } from './modules/ingest/mqtt-start.ts';
import { DEMO_GATEWAYS } from './simulator/building.ts';
import { buildingsRepository } from './modules/buildings/repository.ts';
import { seedDemo } from './simulator/demo-seed.ts';
import { seedDemoStoreys } from './simulator/demo-storeys.ts';
import { createSimulator, gatewayLayout, type Simulator } from './simulator/simulator.ts';
import { storeyGateways } from './simulator/storeys.ts';

export async function startServer(config: Config, opts: { logger?: boolean | object } = {}) {
  const sql = await openDatabase(config);
  await migrate(sql, MIGRATIONS_DIR);
  // Probes are filled in as the parts that own them start.
  const readiness: Record<string, () => Promise<'ok' | string>> = {};
  const built = await buildApp({ config, sql, logger: opts.logger ?? true, readiness });
  const { app, pipeline } = built;
  await built.live.warm();

  let simulator: Simulator | null = null;
  if (config.simulator) {
    const layout = gatewayLayout(DEMO_GATEWAYS.length).map((g, i) => ({
      ...g,
      name: DEMO_GATEWAYS[i]?.name,
    }));
    const demoUserId = await seedDemo(
      { auth: built.auth, ...built.repos },
      {
        email: config.demoEmail,
        password: config.demoPassword,
        devices: config.simulatorDevices,
        gateways: layout,
      },
    );
    const floors = config.simulatorFloors;
    if (floors > 1) {
      const deps = { ...built.repos, buildings: buildingsRepository(sql) };
      await seedDemoStoreys(deps, demoUserId, floors, layout);
    }
    simulator = createSimulator({
      devices: config.simulatorDevices,
      gateways: storeyGateways(floors, layout),
      floors,
      rate: config.simulatorRate,
      sink: (reports) => pipeline.submit(demoUserId, reports),
      onError: (err) => app.log.warn({ err }, 'simulator report not stored'),
    });
    simulator.start();
  }

  const address = await app.listen({ port: config.port, host: config.host });
  const mqttIngest = await startMqttIngest({
    config,
    pipeline,
    keys: built.repos.keys,
    log: app.log,
    members: mqttMembers(sql),
  });
  readiness.broker = async () => mqttIngest.ready();
  // Positions, presence and Home Assistant discovery go out on the same broker.
  if (mqttIngest.output) built.mqttOut.attach(mqttIngest.output, mqttIngest.mode === 'embedded');
  const port = Number(new URL(address).port);

  let stopping: Promise<void> | null = null;
  /** Stop taking work, finish what was accepted, close sockets and the database. */
  function stop(): Promise<void> {
    stopping ??= (async () => {
      await simulator?.stop();
      await mqttIngest.close();
      await app.close();
      await sql.close();
    })();
    return stopping;
  }

  return { ...built, sql, simulator, mqttIngest, port, url: `http://localhost:${port}`, stop };
}
export type RunningServer = Awaited<ReturnType<typeof startServer>>;
