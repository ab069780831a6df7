/**
 * A predicted-accuracy worker: computes the newest request the page sent (a layer, or a proposal)
 * and drops those a newer one overtook while it was busy, so a drag never waits on stale work.
 */
import { latestOnly, type PlanAnswer, type PlanRequest } from './plan-compute.ts';

const queue = latestOnly((a: PlanAnswer) => self.postMessage(a));
self.onmessage = (e: MessageEvent<PlanRequest>) => queue.push(e.data);
