/**
 * Runs a layer's sync at most once per animation frame, and live changes at most every
 * `minGapMs()` (the canvas draws thousands of markers; the rest of the time the page does no
 * marker work). `now()` skips the gap: the view and the selection are applied in the next frame.
 */
export function createFrameScheduler(run: () => void, minGapMs: () => number) {
  let frame = 0;
  let wait: ReturnType<typeof setTimeout> | null = null;
  let lastRun = 0;
  const go = () => {
    frame = 0;
    lastRun = performance.now();
    run();
  };
  const soon = () => {
    if (frame !== 0 || wait !== null) return;
    const rest = lastRun + minGapMs() - performance.now();
    if (rest <= 0) frame = requestAnimationFrame(go);
    else
      wait = setTimeout(() => {
        wait = null;
        frame = requestAnimationFrame(go);
      }, rest);
  };
  return {
    soon,
    now() {
      if (wait !== null) clearTimeout(wait);
      wait = null;
      soon();
    },
    /** Run at once (mounting). */
    sync: go,
    dispose() {
      if (frame) cancelAnimationFrame(frame);
      if (wait !== null) clearTimeout(wait);
    },
  };
}
