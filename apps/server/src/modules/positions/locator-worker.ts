/**
 * A locator worker: the locating core (core.ts) in a thread of its own, for the devices of its
 * partition. It takes the owners' frames and reports from the server's thread and sends back
 * what changed and the new fixes, after every slice of locates (protocol: worker-core.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { OwnerFrames } from './frames.ts';
import { createLocatingCore, type ObservedReport, type TrailFix } from './core.ts';
import type { ToWorker, FromWorker } from './worker-core.ts';

const port = parentPort!;
const frames = new Map<string, OwnerFrames>();
let trail: TrailFix[] = [];
const post = (m: FromWorker) => port.postMessage(m);
const { budgetMsPerS, sliceMs } = workerData as { budgetMsPerS: number; sliceMs: number };

const core = createLocatingCore({
  owner: (id) => frames.get(id),
  onLocated: (changes) => {
    post({ t: 'located', changes, trail, stats: core.stats() });
    trail = [];
  },
  onTrail: (fix) => trail.push(fix),
  budgetMsPerS,
  sliceMs,
  onError: (err) => post({ t: 'error', message: String((err as Error)?.stack ?? err) }),
});

// Fixes that came without a change (rare) and the figures go out now and then.
const timer = setInterval(() => {
  post({ t: 'located', changes: [], trail, stats: core.stats() });
  trail = [];
}, 1_000);

port.on('message', (m: ToWorker) => {
  switch (m.t) {
    case 'frames':
      frames.set(m.ownerId, m.frames);
      break;
    case 'forget':
      frames.delete(m.ownerId);
      break;
    case 'observe': {
      const reports = m.devices.map((device, i) => {
        const r: ObservedReport = {
          device,
          gateway: m.gateways[i]!,
          rssi: m.rssi[i]!,
          receivedAt: m.at[i]!,
        };
        if (Number.isFinite(m.ref[i])) r.refRssi = m.ref[i]!;
        return r;
      });
      core.observe(m.ownerId, reports);
      break;
    }
    case 'relocate':
      frames.set(m.ownerId, m.frames);
      core.relocate(m.ownerId);
      break;
    case 'expire':
      core.expire(m.now);
      break;
    case 'settle':
      core.settle();
      post({ t: 'settled', id: m.id, trail, stats: core.stats() });
      trail = [];
      break;
    case 'close':
      clearInterval(timer);
      core.close();
      post({ t: 'closed', trail });
      port.close();
      break;
  }
});
