/**
 * Runs device positioning in a Web Worker when the browser has one (so thousands of live devices
 * do not block the map), otherwise in this thread, synchronously (tests, old browsers).
 */
import type { LocateSettings } from '@rtls/positioning';
import {
  createLocator,
  type FromWorker,
  type Locatable,
  type LocatedDevice,
  type MapFrame,
  type ToWorker,
  type TrackingFilter,
} from './positioner.ts';

export interface PositioningEngine {
  /** A new map frame, tracking filter or triangulation settings: every tracker starts over. */
  setFrame(frame: MapFrame | null, filter: TrackingFilter, settings: LocateSettings): void;
  /** Locate these devices; results arrive through the callback (at once without a worker). */
  locate(devices: Locatable[], now: number): void;
  dispose(): void;
}

export type OnLocated = (results: LocatedDevice[]) => void;

function inThread(onLocated: OnLocated): PositioningEngine {
  let locator = createLocator(null);
  return {
    setFrame: (frame, filter, settings) => (locator = createLocator(frame, settings, filter)),
    locate: (devices, now) =>
      onLocated(devices.map((d) => ({ mac: d.mac, ...locator.locate(d, now) }))),
    dispose: () => undefined,
  };
}

/** Worker results reach the store at most this often, so thousands of fixes are one store write. */
const DELIVER_MS = 100;

function inWorker(onLocated: OnLocated): PositioningEngine {
  const worker = new Worker(new URL('./positioning.worker.ts', import.meta.url), {
    type: 'module',
  });
  let generation = 0;
  let buffer: LocatedDevice[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const deliver = () => {
    timer = null;
    const results = buffer;
    buffer = [];
    if (results.length > 0) onLocated(results);
  };
  worker.onmessage = (e: MessageEvent<FromWorker>) => {
    if (e.data.generation !== generation) return;
    for (const r of e.data.results) buffer.push(r);
    timer ??= setTimeout(deliver, DELIVER_MS);
  };
  const post = (msg: ToWorker) => worker.postMessage(msg);
  return {
    setFrame: (frame, filter, settings) => {
      buffer = [];
      post({ type: 'frame', generation: ++generation, frame, filter, settings });
    },
    locate: (devices, now) => {
      if (devices.length > 0) post({ type: 'locate', generation, now, devices });
    },
    dispose: () => {
      if (timer) clearTimeout(timer);
      worker.terminate();
    },
  };
}

export function createPositioningEngine(onLocated: OnLocated): PositioningEngine {
  return typeof Worker === 'function' ? inWorker(onLocated) : inThread(onLocated);
}
