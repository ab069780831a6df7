/**
 * A tag's recent readings per gateway, as the tracker receives them (single packets or link
 * window summaries with their packet counts), and their combination over a time window.
 */
import type { Observation } from './types.ts';

/** One reading: when it was taken, its level, and how many packets stand behind it. */
export interface HistoryReading {
  tMs: number;
  rssi: number;
  count: number;
  /** The tag's stated level at 1 m with this reading, if any. */
  refRssi?: number;
}

/** Per-gateway readings of one tag. */
export interface ReadingHistory {
  /** Add the readings newer than what is held; true when any was new. */
  ingest(observations: readonly Observation[], tMs: number): boolean;
  /**
   * Per gateway, the count-weighted mean level of the readings within windowMs of tMs (readings
   * older than keepMs are dropped for good), with the newest reading's age and packet count (not
   * the sum: successive link summaries share packets, and the window's epochs are tempered for
   * their overlap by the grid stage already) and the tag's level it states.
   */
  smoothed(tMs: number, windowMs: number, keepMs: number): Observation[];
  /** Every gateway's readings, oldest first. */
  links(): Iterable<readonly HistoryReading[]>;
  clear(): void;
}

/** An empty history. */
export function createReadingHistory(): ReadingHistory {
  const history = new Map<string, HistoryReading[]>();
  return {
    ingest(observations, tMs) {
      let fresh = false;
      for (const ob of observations) {
        if (!Number.isFinite(ob.rssi)) continue;
        const at = tMs - ob.ageMs;
        const list = history.get(ob.gateway) ?? [];
        if (list.length === 0 || at > list[list.length - 1]!.tMs) {
          const reading: HistoryReading = {
            tMs: at,
            rssi: ob.rssi,
            count: Math.max(1, ob.count ?? 1),
          };
          if (ob.refRssi !== undefined) reading.refRssi = ob.refRssi;
          list.push(reading);
          history.set(ob.gateway, list);
          fresh = true;
        }
      }
      return fresh;
    },
    smoothed(tMs, windowMs, keepMs) {
      const out: Observation[] = [];
      for (const [gateway, list] of history) {
        let drop = 0;
        while (drop < list.length && list[drop]!.tMs < tMs - Math.max(windowMs, keepMs)) drop++;
        if (drop > 0) list.splice(0, drop);
        // Readings are held oldest first: only the window's tail is read.
        let from = list.length;
        while (from > 0 && list[from - 1]!.tMs >= tMs - windowMs) from--;
        let sum = 0;
        let n = 0;
        for (let i = from; i < list.length; i++) {
          const r = list[i]!;
          if (r.tMs > tMs) continue;
          sum += r.rssi * r.count;
          n += r.count;
        }
        const last = list[list.length - 1];
        if (n > 0 && last) {
          const ob: Observation = {
            gateway,
            rssi: sum / n,
            ageMs: tMs - last.tMs,
            count: last.count,
          };
          if (last.refRssi !== undefined) ob.refRssi = last.refRssi;
          out.push(ob);
        }
      }
      return out;
    },
    links: () => history.values(),
    clear: () => history.clear(),
  };
}
