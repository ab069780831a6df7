/**
 * The predicted-accuracy worker: computes the layer for the newest layout the page sent, and its
 * proposal when no newer layout arrived meanwhile, so dragging a gateway never waits on either.
 */
import { latestFirst, type PlanAnswer, type PlanRequest } from './plan-compute.ts';

const queue = latestFirst((a: PlanAnswer) => self.postMessage(a));
self.onmessage = (e: MessageEvent<PlanRequest>) => queue.push(e.data);
