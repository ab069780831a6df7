/**
 * The positioning worker: runs the trackers off the main thread, one locator per map frame. Work
 * is coalesced per device (only its latest signals count) and done in short slices, so when
 * updates arrive faster than they can be located, positions stay fresh instead of queueing up.
 */
import {
  createLocator,
  type FromWorker,
  type Locatable,
  type LocatedDevice,
  type Locator,
  type ToWorker,
} from './positioner.ts';

/** Work per slice before results are posted and other messages are read (ms). */
const SLICE_MS = 12;

let generation = 0;
let locator: Locator = createLocator(null);
let pending = new Map<string, { device: Locatable; now: number }>();
let scheduled = false;

function work() {
  scheduled = false;
  const until = performance.now() + SLICE_MS;
  const results: LocatedDevice[] = [];
  for (const [mac, { device, now }] of pending) {
    pending.delete(mac);
    results.push({ mac, ...locator.locate(device, now) });
    if (performance.now() > until) break;
  }
  if (results.length > 0) {
    const reply: FromWorker = { type: 'located', generation, results };
    self.postMessage(reply);
  }
  if (pending.size > 0) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  setTimeout(work, 0);
}

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const msg = e.data;
  if (msg.type === 'frame') {
    generation = msg.generation;
    locator = createLocator(msg.frame, msg.settings, msg.filter);
    pending = new Map();
    return;
  }
  if (msg.generation !== generation) return; // computed for a frame that is gone
  for (const device of msg.devices) {
    pending.delete(device.mac); // re-insert: the oldest waiting device goes first
    pending.set(device.mac, { device, now: msg.now });
  }
  schedule();
};
