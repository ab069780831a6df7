/** Builds the server from plugins, then resources. main.ts starts it; tests build and close it. */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import { DEFAULT_PIXELS_PER_METRE, IMAGE_UPLOAD_MAX_BYTES } from '@rtls/contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import { memoryFailureLimiter } from './lib/failure-limiter.ts';
import { openRedis, redisFailureLimiter } from './lib/redis.ts';
import { sharedSchemaCompilers, type SchemaCompilers } from './lib/schema-compilers.ts';
import { authPlugin } from './plugins/auth.ts';
import { statementRows, type Sql } from './lib/db.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { loggerOptions, registerRequestLog } from './plugins/logging.ts';
import { registerInputChecks } from './plugins/input.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerHealth, type ReadinessProbes } from './plugins/health.ts';
import { createMetrics, registerMetrics } from './plugins/metrics.ts';
import { authRepository } from './modules/auth/repository.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { authService } from './modules/auth/service.ts';
import { signInThrottle } from './modules/auth/sign-in-throttle.ts';
import { devicesRepository } from './modules/devices/repository.ts';
import { availableRoutes } from './modules/available/routes.ts';
import { availableService } from './modules/available/service.ts';
import { deviceRoutes } from './modules/devices/routes.ts';
import { devicesService } from './modules/devices/service.ts';
import { gatewaysRepository } from './modules/gateways/repository.ts';
import { gatewayRoutes } from './modules/gateways/routes.ts';
import { gatewaysService } from './modules/gateways/service.ts';
import { ingestKeys } from './modules/ingest/keys.ts';
import { createPipeline } from './modules/ingest/pipeline.ts';
import { createLiveModule } from './modules/live/module.ts';
import { liveRepository } from './modules/live/repository.ts';
import { floorModelsRepository } from './modules/floor-models/repository.ts';
import { floorModelRoutes } from './modules/floor-models/routes.ts';
import { buildingsRepository } from './modules/buildings/repository.ts';
import { buildingRoutes } from './modules/buildings/routes.ts';
import { buildingsService } from './modules/buildings/service.ts';
import { floorModelsService } from './modules/floor-models/service.ts';
import { importRoutes } from './modules/imports/routes.ts';
import { importsService } from './modules/imports/service.ts';
import { ingestRoutes } from './modules/ingest/routes.ts';
import { mapsRepository } from './modules/maps/repository.ts';
import { imagesRepository } from './modules/images/repository.ts';
import { imageRoutes } from './modules/images/routes.ts';
import { collaboratorRoutes } from './modules/maps/collaborator-routes.ts';
import { mapImageRoutes } from './modules/maps/image-routes.ts';
import { mapRoutes } from './modules/maps/routes.ts';
import { mapsService } from './modules/maps/service.ts';
import { createHub } from './modules/realtime/hub.ts';
import { mapRoom } from './modules/realtime/fan-out.ts';
import { createZoneMonitoring, type MapEmitter } from './zone-monitoring.ts';
import { alertRoutes } from './modules/alerts/routes.ts';
import { presenceRoutes } from './modules/presence/routes.ts';
import { zoneRoutes } from './modules/zones/routes.ts';
import { createWebhooksModule } from './modules/webhooks/module.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import { mqttOutputRepository } from './modules/mqtt-out/repository.ts';
import { mqttOutputRoutes } from './modules/mqtt-out/routes.ts';
import { createMqttOutput } from './modules/mqtt-out/service.ts';
import { labelRoutes } from './modules/labels/routes.ts';
import { appSettingsRoutes } from './modules/settings/app-settings-routes.ts';
import { mapDevices } from './modules/positions/map-devices.ts';
import { createPositionsModule } from './modules/positions/module.ts';
import { LOCATE_INTERVAL_MS } from './modules/positions/core.ts';
import { createHistoryModule } from './modules/history/module.ts';
import { historyRoutes } from './modules/history/routes.ts';
import { historyReportRoutes } from './modules/history/report-routes.ts';
import { trailRoutes } from './modules/positions/trail-routes.ts';
import { userSettingsRoutes } from './modules/settings/user-settings-routes.ts';
import { userSettingsService } from './modules/settings/user-settings-service.ts';
import { createWalksModule } from './modules/walks/module.ts';
import { walkRoutes } from './modules/walks/routes.ts';
import './types.ts';

export interface BuildOptions {
  config: Config;
  sql: Sql;
  /** Extra readiness probes (broker, Redis) added by the process that owns them. */
  readiness?: ReadinessProbes;
  /** Pino logger options, or false for silence (tests). */
  logger?: boolean | object;
  /** The clock of the sign-in limits (tests move it instead of waiting). */
  now?: () => number;
  /** Schema compilers to share with other apps of this process (tests); the app's own otherwise. */
  schemaCompilers?: SchemaCompilers;
}

export async function buildApp({
  config,
  sql,
  logger = true,
  readiness = {},
  now = () => Date.now(),
  schemaCompilers,
}: BuildOptions) {
  const app: FastifyInstance = Fastify({
    logger:
      logger === false
        ? false
        : loggerOptions(config.logLevel, typeof logger === 'object' ? logger : {}),
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    // Unknown body fields are dropped before a handler sees them: no mass assignment.
    ajv: { customOptions: { removeAdditional: 'all', coerceTypes: 'array', useDefaults: true } },
    bodyLimit: 1024 * 1024,
    schemaController: { compilersFactory: schemaCompilers ?? sharedSchemaCompilers() },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Every route as registered, for tests that walk them all with hostile input.
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url });
  });
  registerErrorHandling(app);
  registerSecurityHeaders(app, config.cspImageSources);
  registerInputChecks(app);
  registerRequestLog(app);

  // Several instances share sign-in limits, live updates and revocations through Redis.
  const redis = config.redisUrl ? await openRedis(config.redisUrl) : null;
  if (redis) readiness.redis = redis.ready;
  const auth = authService({
    repo: authRepository(sql),
    throttle: signInThrottle((name, limit, windowMs) =>
      redis
        ? redisFailureLimiter(
            redis.client,
            name,
            limit,
            windowMs,
            memoryFailureLimiter(limit, windowMs, now),
            now,
          )
        : memoryFailureLimiter(limit, windowMs, now),
    ),
    tokenTtlHours: config.tokenTtlHours,
    passwordHashCost: config.passwordHashCost,
  });
  const maps = mapsRepository(sql);
  const gateways = gatewaysRepository(sql);
  const devices = devicesRepository(sql);
  const keys = ingestKeys(sql, redis);
  const images = imagesRepository(sql);
  const floorModels = floorModelsRepository(sql);
  const hub = createHub(app.server, {
    auth,
    allowedOrigins: config.allowedOrigins,
    sessionRecheckMs: config.socketSessionRecheckMs,
    redis,
    readableMaps: maps.readable,
  });
  const metrics = createMetrics();
  const emitToMap: MapEmitter = (mapId, event, ...args) =>
    hub.io.to(mapRoom(mapId)).emit(event, ...args);
  const positions = createPositionsModule(sql, {
    retentionMinutes: config.trailRetentionMinutes,
    workers: config.positionsWorkers,
    workerFile: config.positionsWorkerFile,
    broadcast: hub.broadcastPositionChange,
    onError: (err) => app.log.warn({ err }, 'trail or position update failed'),
  });
  hub.onPositionChange(positions.applyRemote);
  // Tenths of a second: pongs say how often devices are located, not the tick jitter of it.
  hub.locatingFrom(
    () => Math.round((LOCATE_INTERVAL_MS + positions.service.stats().lateMs) / 100) / 10,
  );
  const zoneMonitoring = createZoneMonitoring({
    sql,
    maps,
    locatedOf: positions.service.locatedOf,
    emit: emitToMap,
    retentionDays: config.eventRetentionDays,
    timers: config.alertingTimers,
    shared: config.positionsStreamUrl !== null,
    onError: (err) => app.log.warn({ err }, 'zones, presence or alerts'),
  });
  const webhooks = createWebhooksModule(sql, {
    retry: config.webhookRetry,
    timers: true,
    allowPrivate: config.webhookAllowPrivate,
    onError: (err) => app.log.warn({ err }, 'webhook delivery'),
  });
  zoneMonitoring.addSink(webhooks.service.sink);
  const mqttOut = createMqttOutput({
    repo: mqttOutputRepository(sql),
    locatedOf: positions.service.locatedOf,
    onError: (err) => app.log.warn({ err }, 'MQTT output'),
  });
  zoneMonitoring.presence.listen(mqttOut.presence);
  zoneMonitoring.alerting.addSink(mqttOut.events);
  // Each device's reports are received (signals, positions, live updates) by one process: this
  // one, or with several instances the one RabbitMQ gives the device's partition to.
  const live = createLiveModule({
    repo: liveRepository(sql),
    positions: positions.service,
    realtime: hub,
    streamUrl: config.positionsStreamUrl,
    streamPrefix: config.positionsStreamPrefix ?? undefined,
    onSent: (ms, n) => {
      for (let i = 0; i < n; i++) metrics.latency.observe(ms / 1000);
    },
    onError: (err) => app.log.error({ err }, 'live update failed'),
    onStreamError: (err) => app.log.warn({ err }, 'positions stream'),
  });
  if (live.stream.ready) readiness.positionsStream = live.stream.ready;
  // A device's zone presence and MQTT output follow its new position (live publishes it first).
  positions.service.onLocated(zoneMonitoring.presence.located);
  positions.service.onLocated(mqttOut.located);
  positions.service.onFloorChange(zoneMonitoring.floorChanged);
  // Every shown position and every ended zone stay is kept as history, written in batches later.
  const history = createHistoryModule(sql, {
    maps,
    retention: { positionsDays: config.historyPositionsDays, visitsDays: config.historyVisitsDays },
    pixelsPerMetre: (ownerId, mapId) =>
      positions.frames.get(ownerId)?.maps.get(mapId)?.frame.pixelsPerMetre ??
      DEFAULT_PIXELS_PER_METRE,
    summaryTimer: config.alertingTimers,
    onError: (err) => app.log.warn({ err }, 'history not written'),
  });
  positions.service.onFix(history.position);
  zoneMonitoring.presence.listen(history.presence);
  const pipeline = createPipeline({
    sql,
    live: live.intake,
    onError: (err) => app.log.error({ err }, 'derived tables not written'),
  });
  const changed = positions.changed;
  const mapsSvc = mapsService(maps, images, {
    geometry: changed.map,
    access: (mapId) => void hub.recheckMap(mapId),
  });
  const devicesSvc = devicesService(devices, changed.owner, positions.service.locatedOf);
  const floorModelsSvc = floorModelsService(floorModels, maps, (mapId) => {
    changed.map(mapId);
    emitToMap(mapId, 'floor_model_changed', { mapId });
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'RTLS tracking API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 12, headerPairs: 100 },
  });
  await app.register(authPlugin, { auth });

  registerHealth(app, sql, readiness);
  registerMetrics(app, metrics, {
    pipeline: () => pipeline.stats,
    sockets: hub.connectedSockets,
    realtime: hub.realtimeStats,
    pool: () => sql.poolStats(),
    positions: () => positions.service.stats(),
    history: () => history.writer.stats(),
    ...(live.stream.ready ? { positionsStream: () => live.stream.stats } : {}),
  });
  app.get('/api/docs', { config: { public: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  await app.register(authRoutes, { auth });
  await app.register(mapRoutes, {
    maps,
    service: mapsSvc,
    devicesOnMap: mapDevices(positions.service, devicesSvc),
  });
  await app.register(mapImageRoutes, { service: mapsSvc });
  await app.register(collaboratorRoutes, { service: mapsSvc });
  await app.register(imageRoutes, { images, auth });
  const gatewaysSvc = gatewaysService(gateways, maps, changed.owner);
  await app.register(gatewayRoutes, { service: gatewaysSvc });
  await app.register(deviceRoutes, { service: devicesSvc });
  await app.register(importRoutes, {
    service: importsService(mapsSvc, gatewaysSvc, floorModelsSvc),
  });
  await app.register(ingestRoutes, { pipeline, keys });
  await app.register(trailRoutes, { trails: positions.repo, devices, maps });
  const available = availableService(sql);
  await app.register(availableRoutes, { service: available });
  await app.register(userSettingsRoutes, {
    settings: userSettingsService(sql, changed.settings),
  });
  await app.register(appSettingsRoutes, { sql });
  await app.register(labelRoutes, { sql });
  await app.register(zoneRoutes, { service: zoneMonitoring.services.zones });
  await app.register(floorModelRoutes, { service: floorModelsSvc });
  await app.register(buildingRoutes, {
    service: buildingsService(buildingsRepository(sql), maps, (mapIds) =>
      mapIds.forEach((id) => changed.map(id)),
    ),
  });
  await app.register(
    walkRoutes,
    createWalksModule(sql, { maps, positions: positions.repo, onRadioChanged: changed.map }),
  );
  await app.register(presenceRoutes, { presence: zoneMonitoring.presence, maps });
  await app.register(alertRoutes, {
    rules: zoneMonitoring.services.rules,
    alerts: zoneMonitoring.services.alerts,
  });
  await app.register(webhookRoutes, { service: webhooks.service });
  await app.register(mqttOutputRoutes, { service: mqttOut });
  await app.register(historyRoutes, {
    service: history.service,
    repo: history.repo,
    sql,
    batchRows: statementRows(sql),
  });
  await app.register(historyReportRoutes, { reports: history.reports });
  await zoneMonitoring.start();
  await mqttOut.start();
  await history.start();

  registerWebApp(app, config.webDist);

  // Open websockets would keep the HTTP server from closing: end them first.
  app.addHook('preClose', async () => hub.disconnectLocal());
  app.addHook('onClose', async () => {
    available.close();
    await pipeline.close();
    await live.close();
    await zoneMonitoring.close();
    await webhooks.worker.close();
    await positions.service.close();
    await history.close();
    await hub.close();
    await redis?.close();
  });

  return {
    app,
    auth,
    hub,
    pipeline,
    live,
    positions,
    zoneMonitoring,
    webhooks,
    mqttOut,
    history,
    repos: { maps, gateways, devices, keys, images, floorModels },
    services: { maps: mapsSvc, floorModels: floorModelsSvc },
    routes,
  };
}
export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;

/** Serve the built console, with index.html for any non-API path (single page). */
function registerWebApp(app: FastifyInstance, webDist: string | null) {
  const index = webDist ? path.join(webDist, 'index.html') : null;
  const hasWeb = index !== null && fs.existsSync(index);
  if (hasWeb) {
    void app.register(fastifyStatic, { root: webDist!, wildcard: false, index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const isPage = req.method === 'GET' && !req.url.startsWith('/api/') && hasWeb;
    if (isPage) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send({ success: false, status: 'error', message: 'Not found' });
  });
}
