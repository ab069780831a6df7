/**
 * Runs device positioning in a Web Worker when the browser has one (so thousands of live devices
 * do not block the map), otherwise in this thread, synchronously (tests, old browsers).
 */
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
  /** A new map frame (or tracking filter): every tracker starts over. */
  setFrame(frame: MapFrame | null, filter: TrackingFilter): void;
  /** Locate these devices; results arrive through the callback (at once without a worker). */
  locate(devices: Locatable[], now: number): void;
  dispose(): void;
}

export type OnLocated = (results: LocatedDevice[]) => void;

function inThread(onLocated: OnLocated): PositioningEngine {
  let locator = createLocator(null);
  return {
    setFrame: (frame, filter) => (locator = createLocator(frame, undefined, filter)),
    locate: (devices, now) =>
      onLocated(devices.map((d) => ({ mac: d.mac, ...locator.locate(d, now) }))),
    dispose: () => undefined,
  };
}

function inWorker(onLocated: OnLocated): PositioningEngine {
  const worker = new Worker(new URL('./positioning.worker.ts', import.meta.url), {
    type: 'module',
  });
  let generation = 0;
  worker.onmessage = (e: MessageEvent<FromWorker>) => {
    if (e.data.generation === generation) onLocated(e.data.results);
  };
  const post = (msg: ToWorker) => worker.postMessage(msg);
  return {
    setFrame: (frame, filter) => post({ type: 'frame', generation: ++generation, frame, filter }),
    locate: (devices, now) => {
      if (devices.length > 0) post({ type: 'locate', generation, now, devices });
    },
    dispose: () => worker.terminate(),
  };
}

export function createPositioningEngine(onLocated: OnLocated): PositioningEngine {
  return typeof Worker === 'function' ? inWorker(onLocated) : inThread(onLocated);
}
