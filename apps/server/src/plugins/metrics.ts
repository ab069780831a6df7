/**
 * Prometheus metrics at GET /metrics: ingest accepted and rejected by reason, end-to-end latency
 * (report handed in → live update published), connected sockets, event-loop delay, database pool,
 * the locating core (devices, queued locates, locates run).
 */
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PipelineStats } from '../modules/ingest/pipeline.ts';
import type { StreamStats } from '../modules/live/positions-stream.ts';
import type { LocatingStats } from '../modules/positions/core.ts';
import type { HistoryWriterStats } from '../modules/history/writer.ts';

export interface MetricsSources {
  pipeline: () => PipelineStats;
  sockets: () => number;
  /** Slow-client figures of the realtime channel. */
  realtime?: () => { pending: number; coalesced: number; dropped: number };
  pool: () => { total: number; idle: number; waiting: number } | null;
  /** Reports through the positions stream (several instances). */
  positionsStream?: () => StreamStats;
  /** The locating core's work on this instance. */
  positions?: () => LocatingStats;
  /** History rows waiting, written and dropped on this instance. */
  history?: () => HistoryWriterStats;
}

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const latency = new Histogram({
    name: 'rtls_ingest_to_update_seconds',
    help: 'Time from a report being handed to the pipeline to its live update being published',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  return { registry, latency };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** Register the gauges that read live state, and the /metrics route. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, sources: MetricsSources) {
  const { registry } = metrics;
  new Counter({
    name: 'rtls_ingest_reports_accepted_total',
    help: 'Reports stored (duplicates not counted)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sources.pipeline().accepted);
    },
  });
  new Counter({
    name: 'rtls_ingest_reports_shed_total',
    help: 'Reports refused with 503 and Retry-After because too many were waiting to be stored',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sources.pipeline().shed);
    },
  });
  new Gauge({
    name: 'rtls_ingest_reports_pending',
    help: 'Reports taken and not yet stored (MQTT connections wait and HTTP calls are refused past a ceiling)',
    registers: [registry],
    collect() {
      this.set(sources.pipeline().pending);
    },
  });
  new Counter({
    name: 'rtls_ingest_reports_duplicate_total',
    help: 'Reports received again (redeliveries) and stored once',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sources.pipeline().duplicates);
    },
  });
  new Counter({
    name: 'rtls_ingest_reports_rejected_total',
    help: 'Reports rejected, by reason',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [reason, n] of Object.entries(sources.pipeline().rejected))
        this.inc({ reason }, n ?? 0);
    },
  });
  new Counter({
    name: 'rtls_ingest_gateway_reports_total',
    help: "Reports stored per gateway (rate() of it is each gateway's report rate)",
    labelNames: ['gateway'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [gateway, n] of sources.pipeline().byGateway) this.inc({ gateway }, n);
    },
  });
  new Gauge({
    name: 'rtls_realtime_sockets',
    help: 'Connected realtime sockets on this instance',
    registers: [registry],
    collect() {
      this.set(sources.sockets());
    },
  });
  if (sources.realtime) {
    const realtime = sources.realtime;
    new Gauge({
      name: 'rtls_realtime_pending_updates',
      help: 'Device updates waiting for slow sockets (at most one per device per socket)',
      registers: [registry],
      collect() {
        this.set(realtime().pending);
      },
    });
    new Counter({
      name: 'rtls_realtime_updates_skipped_total',
      help: 'Device updates not sent to a slow socket, by why (replaced by a newer one, or dropped)',
      labelNames: ['why'],
      registers: [registry],
      collect() {
        const s = realtime();
        this.reset();
        this.inc({ why: 'replaced' }, s.coalesced);
        this.inc({ why: 'dropped' }, s.dropped);
      },
    });
  }
  new Gauge({
    name: 'rtls_db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL only)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const p = sources.pool();
      if (!p) return;
      this.set({ state: 'total' }, p.total);
      this.set({ state: 'idle' }, p.idle);
      this.set({ state: 'waiting' }, p.waiting);
    },
  });
  if (sources.positions) {
    const positions = sources.positions;
    new Gauge({
      name: 'rtls_positions_devices',
      help: 'Monitored devices this instance locates',
      registers: [registry],
      collect() {
        this.set(positions().devices);
      },
    });
    new Gauge({
      name: 'rtls_positions_queued',
      help: 'Devices waiting for their locate (due now, or at their next slot)',
      registers: [registry],
      collect() {
        this.set(positions().queued);
      },
    });
    new Counter({
      name: 'rtls_positions_locates_total',
      help: 'Locates run (rate() of it is the devices located per second)',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(positions().locates);
      },
    });
    new Counter({
      name: 'rtls_positions_locating_seconds_total',
      help: "Time those locates took (the locating threads' clocks): over the locates, the cost of one",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(positions().locatingMs / 1000);
      },
    });
    new Counter({
      name: 'rtls_positions_fixes_total',
      help: 'New fixes of those locates (the rest kept the last position: their fixes were too weak)',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(positions().fixes);
      },
    });
    new Gauge({
      name: 'rtls_positions_late_seconds',
      help: 'How long locates waited after falling due over the last seconds (mean): each device is located about every second plus this',
      registers: [registry],
      collect() {
        this.set(positions().lateMs / 1000);
      },
    });
    new Counter({
      name: 'rtls_positions_deferred_total',
      help: 'Locating slices put off because the CPU budget of the second was spent',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(positions().deferred);
      },
    });
  }
  if (sources.history) registerHistoryMetrics(registry, sources.history);
  if (sources.positionsStream) {
    const stream = sources.positionsStream;
    new Counter({
      name: 'rtls_positions_stream_reports_total',
      help: 'Reports handed to the positions stream (sent), confirmed by it (delivered), not carried (dropped: stream down) and received by this instance (observed)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = stream();
        this.reset();
        for (const state of ['sent', 'delivered', 'dropped'] as const)
          this.inc({ state }, s[state]);
        this.inc({ state: 'observed' }, s.received);
      },
    });
  }
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (_req, reply) =>
    reply.header('content-type', registry.contentType).send(await registry.metrics()),
  );
}

function registerHistoryMetrics(registry: Registry, history: () => HistoryWriterStats) {
  new Gauge({
    name: 'rtls_history_rows_queued',
    help: 'History rows (positions and zone visits) waiting to be written',
    registers: [registry],
    collect() {
      this.set(history().queued);
    },
  });
  new Counter({
    name: 'rtls_history_rows_total',
    help: 'History rows written, and dropped (queue full while the database fell behind)',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      this.reset();
      const s = history();
      this.inc({ outcome: 'written' }, s.written);
      this.inc({ outcome: 'dropped' }, s.dropped);
    },
  });
}
