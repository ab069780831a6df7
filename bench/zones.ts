/**
 * bench:zones — what zone presence and rule evaluation add per located position, in process (no
 * database: the stores answer at once, so this is the CPU the server spends, not storage).
 * 10,000 tags walk at 1 Hz on one map with 100 zones (a 10 × 10 grid of rooms) and 50 rules
 * (enter, exit, dwell and absence); every position goes through presence (hysteresis, zone lookup)
 * and the rules it triggers, and once a simulated second the tick runs the timers (unknown, dwell,
 * absence). Baseline in the same run: the same walk with presence and rules not listening.
 * Prints figures; asserts nothing.
 *
 *   npm run bench:zones                     (10,000 tags, 100 zones, 50 rules, 60 s)
 *   BENCH_ZONES_TAGS=2000 BENCH_ZONES_SECONDS=30 npm run bench:zones
 */
import type { Rule, Zone } from '@rtls/contract';
import { createAlerting } from '../apps/server/src/modules/alerts/engine.ts';
import type { AlertsRepository } from '../apps/server/src/modules/alerts/alerts-repository.ts';
import type { EventsRepository } from '../apps/server/src/modules/alerts/events-repository.ts';
import type { RulesRepository } from '../apps/server/src/modules/alerts/rules-repository.ts';
import type { PresenceRepository } from '../apps/server/src/modules/presence/repository.ts';
import { createPresenceService } from '../apps/server/src/modules/presence/service.ts';
import type { ZonesRepository } from '../apps/server/src/modules/zones/repository.ts';
import { machineLine } from './lib/machine.ts';

const TAGS = Number(process.env.BENCH_ZONES_TAGS ?? 10_000);
const SECONDS = Number(process.env.BENCH_ZONES_SECONDS ?? 60);
const GRID = 10;
const ROOM_PX = 200;
const RULES = 50;
const MAP = 'bench-map';
const T0 = Date.UTC(2026, 0, 1);
/**
 * Simulated seconds left out of the figures: the JIT warms up and every tag makes its first
 * entry at once (reported on its own line).
 */
const WARMUP_S = Math.min(10, Math.floor(SECONDS / 3));

function zones(): Zone[] {
  const out: Zone[] = [];
  for (let i = 0; i < GRID * GRID; i++) {
    const x = (i % GRID) * ROOM_PX;
    const y = Math.floor(i / GRID) * ROOM_PX;
    out.push({
      id: `z${i}`,
      mapId: MAP,
      name: `Room ${i}`,
      color: '#F59E0B',
      polygon: [
        { x, y },
        { x: x + ROOM_PX, y },
        { x: x + ROOM_PX, y: y + ROOM_PX },
        { x, y: y + ROOM_PX },
      ],
      createdAt: '',
      updatedAt: '',
    });
  }
  return out;
}

function rules(): Rule[] {
  const types = ['enter', 'exit', 'dwell', 'absent'] as const;
  return Array.from({ length: RULES }, (_, i) => {
    const type = types[i % types.length]!;
    return {
      id: `r${i}`,
      mapId: MAP,
      name: `Rule ${i}`,
      type,
      zoneId: `z${(i * 7) % (GRID * GRID)}`,
      // Absence of one tag from its room (an empty zone is checked from the database instead).
      mac: type === 'absent' ? `TAG${(i * 37) % TAGS}` : null,
      gateway: null,
      thresholdSeconds: type === 'dwell' || type === 'absent' ? 30 : null,
      // Every occurrence its own alert, as before rules had a dwell and a cool-down.
      dwellSeconds: 0,
      cooldownSeconds: 0,
      severity: 'info',
      enabled: true,
      createdAt: '',
      updatedAt: '',
    };
  });
}

/** Stores that answer at once, counting what was written. */
function stores() {
  const written = { events: 0, alerts: 0 };
  const zonesRepo = { ofMap: async () => zones() } as unknown as ZonesRepository;
  const presenceRepo = {
    loadAll: async () => [],
    loadSome: async () => [],
    save: async () => undefined,
    forget: async () => undefined,
    mapInfo: async () => ({ ownerId: 'owner', name: 'Bench', pixelsPerMetre: 20 }),
  } as unknown as PresenceRepository;
  const events = {
    recordMany: async (list: { mapId: string; type: string; at: number }[]) =>
      list.map((e) => {
        written.events++;
        return { ...e, id: String(written.events), at: new Date(e.at).toISOString() };
      }),
  } as unknown as EventsRepository;
  const alerts = {
    open: async () => (written.alerts++, null),
    resolveConditions: async () => [],
    unresolvedOccurrences: async () => [],
  } as unknown as AlertsRepository;
  const rulesRepo = { all: async () => rules() } as unknown as RulesRepository;
  return { written, zonesRepo, presenceRepo, events, alerts, rulesRepo };
}

/** Tags walking: each heads for a random point and moves 1.2 m/s (24 px per second). */
function walkers(n: number, seed = 1) {
  let s = seed;
  const rnd = () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const size = GRID * ROOM_PX;
  const tags = Array.from({ length: n }, () => ({
    x: rnd() * size,
    y: rnd() * size,
    tx: rnd() * size,
    ty: rnd() * size,
    pause: 0,
  }));
  return {
    step() {
      for (const t of tags) {
        if (t.pause > 0) {
          t.pause--;
          continue;
        }
        const d = Math.hypot(t.tx - t.x, t.ty - t.y);
        if (d < 24) {
          Object.assign(t, { x: t.tx, y: t.ty, tx: rnd() * size, ty: rnd() * size });
          t.pause = Math.floor(rnd() * 60);
        } else {
          t.x += ((t.tx - t.x) / d) * 24 + (rnd() - 0.5) * 10;
          t.y += ((t.ty - t.y) / d) * 24 + (rnd() - 0.5) * 10;
        }
      }
    },
    tags,
  };
}

const pct = (sorted: Float64Array, q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function run(listening: boolean) {
  const st = stores();
  let now = T0;
  const presence = createPresenceService({
    repo: st.presenceRepo,
    zones: st.zonesRepo,
    locatedOf: () => [],
    timers: false,
    now: () => now,
  });
  const alerting = createAlerting({
    events: st.events,
    rules: st.rulesRepo,
    alerts: st.alerts,
    mapOwner: async () => 'owner',
  });
  if (listening) {
    presence.listen(alerting.listener);
    await alerting.start();
  }
  await presence.map(MAP);
  const walk = walkers(TAGS);
  const macs = walk.tags.map((_, i) => `TAG${i}`);
  const perPosition = new Float64Array(TAGS * (SECONDS - WARMUP_S));
  const ticks = new Float64Array(SECONDS - WARMUP_S);
  /** CPU time of each tick (this process), which other processes on the machine do not inflate. */
  const tickCpu = new Float64Array(SECONDS - WARMUP_S);
  let warmupMax = 0;
  let k = 0;
  for (let s = 0; s < SECONDS; s++) {
    walk.step();
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    presence.tick(now);
    const tickMs = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    if (s >= WARMUP_S) {
      ticks[s - WARMUP_S] = tickMs;
      tickCpu[s - WARMUP_S] = (cpu.user + cpu.system) / 1000;
    } else warmupMax = Math.max(warmupMax, tickMs);
    for (let i = 0; i < TAGS; i++) {
      const tag = walk.tags[i]!;
      const fix = {
        mapId: MAP,
        position: { x: tag.x, y: tag.y },
        triangulationInfo: { confidence: 0.8 },
      };
      const a = performance.now();
      if (listening) presence.observe('owner', macs[i]!, fix, now + (i * 1000) / TAGS);
      const ms = performance.now() - a;
      if (s >= WARMUP_S) perPosition[k++] = ms;
      else warmupMax = Math.max(warmupMax, ms);
    }
    now += 1000;
    await alerting.settled();
  }
  await presence.close();
  perPosition.sort();
  ticks.sort();
  tickCpu.sort();
  return { perPosition, ticks, tickCpu, warmupMax, written: st.written };
}

async function main() {
  console.log('Zones benchmark: presence and rule evaluation per located position');
  console.log(`  ${machineLine()}`);
  console.log(
    `  ${TAGS} tags at 1 Hz for ${SECONDS} simulated s, ${GRID * GRID} zones, ${RULES} rules (enter, exit, dwell 30 s, absent 30 s)`,
  );
  const base = await run(false);
  const full = await run(true);
  const row = (label: string, r: Awaited<ReturnType<typeof run>>) =>
    console.log(
      `  ${label.padEnd(22)} per position p50 ${pct(r.perPosition, 0.5).toFixed(4)} ms, p99 ${pct(r.perPosition, 0.99).toFixed(4)} ms, max ${pct(r.perPosition, 1).toFixed(3)} ms; ` +
        `tick (all tags, once a second) p50 ${pct(r.ticks, 0.5).toFixed(2)} ms, p99 ${pct(r.ticks, 0.99).toFixed(2)} ms, max ${pct(r.ticks, 1).toFixed(2)} ms (CPU p50 ${pct(r.tickCpu, 0.5).toFixed(2)} ms, p99 ${pct(r.tickCpu, 0.99).toFixed(2)} ms)`,
    );
  row('baseline (not listening)', base);
  row('presence + rules', full);
  const added = pct(full.perPosition, 0.99) - pct(base.perPosition, 0.99);
  console.log(
    `  added p99 per position: ${added.toFixed(4)} ms; worst added wait for a position arriving during a tick: ${pct(full.ticks, 0.99).toFixed(2)} ms (p99 tick)`,
  );
  console.log(
    `  left out: the first ${WARMUP_S} s (JIT warm-up, every tag's first entry): longest call ${full.warmupMax.toFixed(2)} ms`,
  );
  console.log(
    `  written: ${full.written.events} events, ${full.written.alerts} alert openings (stores answer at once)`,
  );
}

await main();
