/**
 * The pipeline bench's Socket.IO side: an authenticated websocket client and the listeners that
 * time each device_update's arrival (in the sending thread, or in a worker thread of its own).
 */
import { Worker } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';

export interface Update {
  mac: string;
  lastSeen: string;
}

export function connect(base: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(base, {
      path: '/sqws',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

// ---------------------------------------------------------------- latency listeners

/** Times device_updates against the reports sent during a latency phase. */
export interface Listener {
  /** Reports just handed to fetch (the main-thread listener times from here). */
  sent(devices: string[], stamps: number[]): void;
  start(): void;
  stop(): Promise<{ values: number[]; updates: number }>;
  close(): Promise<void>;
}

/**
 * In the sending thread: from just before a report's POST to the device_update whose device and
 * lastSeen are the report's (arrivals wait behind the sending work of this thread).
 */
export function mainListener(socket: Socket): Listener {
  let pending = new Map<string, number>();
  let values: number[] = [];
  let calls = 0;
  const onUpdate = (u: Update) => {
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
      [pending, values] = [new Map(), []];
      socket.on('device_update', onUpdate);
    },
    stop() {
      socket.off('device_update', onUpdate);
      return Promise.resolve({ values, updates: values.length });
    },
    close: () => Promise.resolve(void socket.disconnect()),
  };
}

/** In a worker thread of its own: report timestamp (lastSeen) → arrival, on one clock. */
export async function workerListener(url: string, token: string): Promise<Listener> {
  const worker = new Worker(new URL('./update-listener.mjs', import.meta.url), {
    workerData: { url, token },
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
      return { values: m.values as number[], updates: m.updates as number };
    },
    async close() {
      worker.postMessage({ type: 'close' });
      await new Promise((r) => setTimeout(r, 100));
      await worker.terminate();
    },
  };
}
