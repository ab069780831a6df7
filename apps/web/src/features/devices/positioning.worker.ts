/** The positioning worker: runs the trackers off the main thread, one locator per map frame. */
import { createLocator, type FromWorker, type Locator, type ToWorker } from './positioner.ts';

let generation = 0;
let locator: Locator = createLocator(null);

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const msg = e.data;
  if (msg.type === 'frame') {
    generation = msg.generation;
    locator = createLocator(msg.frame);
    return;
  }
  if (msg.generation !== generation) return; // computed for a frame that is gone
  const results = msg.devices.map((d) => ({ mac: d.mac, ...locator.locate(d, msg.now) }));
  const reply: FromWorker = { type: 'located', generation, results };
  self.postMessage(reply);
};
