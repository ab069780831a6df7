/**
 * A time-to-text function that remembers its last answer: on the live path many reports and
 * updates in a row share one time, and Date#toISOString is a large part of their cost. Each
 * caller keeps its own, so two streams of times do not evict each other's.
 */
export function isoMemo(): (ms: number) => string {
  let lastMs = NaN;
  let lastIso = '';
  return (ms) => {
    if (ms !== lastMs) [lastMs, lastIso] = [ms, new Date(ms).toISOString()];
    return lastIso;
  };
}
