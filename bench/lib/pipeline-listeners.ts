/**
 * The pipeline bench's Socket.IO side: an authenticated websocket client and the listeners that
 * time each device_update's arrival (in the sending thread, or in a worker thread of its own).
 */
import { Worker } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { SOCKET_PROTOCOL_VERSION } from '@rtls/contract';
import { io, type Socket } from 'socket.io-client';

export interface Update {
  mac: string;
  lastSeen: string;
  mapId?: string | null;
  position: { x: number; y: number } | null;
  timestamp: string;
  triangulationInfo?: { lastCalculated: string } | null;
}

/** A socket of the bench account that watches the bench's maps (positioned updates come per map). */
export function connect(base: string, token: string, mapIds: string[]): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(base, {
      path: '/sqws',
      transports: ['websocket'],
      auth: { token, protocol: SOCKET_PROTOCOL_VERSION },
      reconnection: false,
      forceNew: true,
    });
    // A server without watch_maps (protocol 1) never answers: go on after 2 s all the same.
    s.once('connect', () => s.timeout(2_000).emit('watch_maps', { mapIds }, () => resolve(s)));
    s.once('connect_error', reject);
  });
}

/** What a listener measured over a latency phase. */
export interface Heard {
  /** ms per matched update (any update). */
  values: number[];
  updates: number;
  /** ms from the device's newest report (lastSeen) to a positioned update's arrival. */
  positioned: number[];
  /** Per positioned update, its lastSeen (epoch ms). */
  positionedAt: number[];
  /** Distinct devices with a positioned update in each whole second. */
  locatedPerS: number[];
  /**
   * Per device positioned during the phase, its longest wait for a position (ms): between two,
   * from the phase's start to its first, and from its last to the phase's end.
   */
  gaps: number[];
}

// ---------------------------------------------------------------- latency listeners

/** Times device_updates against the reports sent during a latency phase. */
export interface Listener {
  /** Reports just handed to fetch (the main-thread listener times from here). */
  sent(devices: string[], stamps: number[]): void;
  start(): void;
  stop(): Promise<Heard>;
  close(): Promise<void>;
}

/**
 * In the sending thread: from just before a report's POST to the device_update whose device and
 * lastSeen are the report's (arrivals wait behind the sending work of this thread).
 */
export function mainListener(socket: Socket, mapIds: string[]): Listener {
  let pending = new Map<string, number>();
  let values: number[] = [];
  let positioned: number[] = [];
  let positionedAt: number[] = [];
  let seconds: Set<string>[] = [];
  let startedAt = 0;
  let gaps = deviceGaps(0);
  let calls = 0;
  const onUpdate = (...updates: Update[]) => {
    for (const u of updates) onOne(u);
  };
  /** Per device, the lastCalculated of its newest position on the map (see update-listener). */
  const calculated = new Map<string, string>();
  const isNewPosition = (u: Update) => {
    if (!u.position || !u.mapId || !mapIds.includes(u.mapId)) return false;
    const at = u.triangulationInfo?.lastCalculated ?? u.timestamp;
    if (calculated.get(u.mac) === at) return false;
    calculated.set(u.mac, at);
    return true;
  };
  const onOne = (u: Update) => {
    if (isNewPosition(u)) {
      const lastSeen = Date.parse(u.lastSeen);
      positioned.push(Date.now() - lastSeen);
      positionedAt.push(lastSeen);
      const s = Math.floor((Date.now() - startedAt) / 1000);
      (seconds[s] ??= new Set()).add(u.mac);
      gaps.positioned(u.mac, Date.now());
    }
    const key = `${u.mac}|${Date.parse(u.lastSeen)}`;
    const at = pending.get(key);
    if (at !== undefined) {
      values.push(performance.now() - at);
      pending.delete(key);
    }
  };
  return {
    sent(devices, stamps) {
      const now = performance.now();
      for (let i = 0; i < devices.length; i++) pending.set(`${devices[i]}|${stamps[i]}`, now);
      // Drop what can no longer match (coalesced by the server, or lost): bounded memory.
      if (++calls % 100 === 0)
        for (const [k, at] of pending) if (at < now - 10_000) pending.delete(k);
    },
    start() {
      [pending, values, positioned, positionedAt, seconds] = [new Map(), [], [], [], []];
      startedAt = Date.now();
      gaps = deviceGaps(startedAt);
      socket.on('device_update', onUpdate);
    },
    stop() {
      socket.off('device_update', onUpdate);
      const whole = Array.from(
        { length: Math.max(0, seconds.length - 1) },
        (_, i) => seconds[i]?.size ?? 0,
      );
      return Promise.resolve({
        values,
        updates: values.length,
        positioned,
        positionedAt,
        locatedPerS: whole,
        gaps: gaps.until(Date.now()),
      });
    },
    close: () => Promise.resolve(void socket.disconnect()),
  };
}

/** Each device's longest wait for a position since `startedAt` (see Heard.gaps). */
function deviceGaps(startedAt: number) {
  const last = new Map<string, number>();
  const longest = new Map<string, number>();
  return {
    positioned(mac: string, at: number) {
      const gap = at - (last.get(mac) ?? startedAt);
      if (gap > (longest.get(mac) ?? 0)) longest.set(mac, gap);
      last.set(mac, at);
    },
    until: (end: number) => [...last].map(([mac, at]) => Math.max(longest.get(mac) ?? 0, end - at)),
  };
}

/** In a worker thread of its own: report timestamp (lastSeen) → arrival, on one clock. */
export async function workerListener(
  url: string,
  token: string,
  mapIds: string[],
): Promise<Listener> {
  const worker = new Worker(new URL('./update-listener.mjs', import.meta.url), {
    workerData: { url, token, mapIds, protocol: SOCKET_PROTOCOL_VERSION },
  });
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onMessage = (m: Record<string, unknown>) => {
        if (m.type === 'error') reject(new Error(String(m.message)));
        else if (m.type === type) resolve(m);
        else return;
        worker.off('message', onMessage);
      };
      worker.on('message', onMessage);
    });
  await next('connected');
  return {
    sent: () => undefined,
    start: () => worker.postMessage({ type: 'start' }),
    async stop() {
      const answer = next('latencies');
      worker.postMessage({ type: 'stop' });
      const m = await answer;
      return {
        values: m.values as number[],
        updates: m.updates as number,
        positioned: m.positioned as number[],
        positionedAt: m.positionedAt as number[],
        locatedPerS: m.locatedPerS as number[],
        gaps: m.gaps as number[],
      };
    },
    async close() {
      worker.postMessage({ type: 'close' });
      await new Promise((r) => setTimeout(r, 100));
      await worker.terminate();
    },
  };
}
