/**
 * The in-page probe of bench:ui, as a script string (the bench has no DOM types): it records
 * requestAnimationFrame deltas and 'longtask' entries for a window of time, and counts the live device updates the page receives and the device markers it draws (DOM
 * markers plus those drawn on the devices canvas).
 */

/** In-page expression: device markers drawn, as DOM elements or on the devices canvas. */
export const COUNT_MARKERS = `(document.querySelectorAll('[data-testid="device-marker"]').length +
  [...document.querySelectorAll('[data-testid="device-canvas"]')]
    .reduce((n, c) => n + Number(c.dataset.count || 0), 0))`;

/** Installs the probe; call before sign-in so the update counter sees every update. */
export const INSTALL_PROBE = `(() => {
  const w = window;
  w.__benchUpdates = 0;
  w.addEventListener('deviceUpdate', () => { w.__benchUpdates++; });
})()`;

export interface ProbeResult {
  frames: number[];
  longTasks: number;
  longTaskMs: number;
  updates: number;
  markers: number;
}

/** Measures for `ms` and resolves with the frame deltas (ms), long tasks and updates seen. */
export const measureScript = (ms: number) => `new Promise((resolve) => {
  const w = window;
  const frames = [];
  let longTasks = 0;
  let longTaskMs = 0;
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) { longTasks++; longTaskMs += e.duration; }
  });
  obs.observe({ type: 'longtask', buffered: false });
  const startUpdates = w.__benchUpdates || 0;
  const end = performance.now() + ${ms};
  let last = performance.now();
  const step = (t) => {
    frames.push(t - last);
    last = t;
    if (t < end) requestAnimationFrame(step);
    else {
      obs.disconnect();
      resolve({
        frames: frames.slice(1),
        longTasks,
        longTaskMs,
        updates: (w.__benchUpdates || 0) - startUpdates,
        markers: ${COUNT_MARKERS},
      });
    }
  };
  requestAnimationFrame((t) => { last = t; requestAnimationFrame(step); });
})`;

/** The p-th percentile (0–100) of a list of numbers, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}
