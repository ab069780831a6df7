/** Latest signal per gateway for each device, in memory, bounded by age. */
import { SIGNAL_POPUP_RECENCY_MS, type SignalMap } from '@rtls/contract';
import { isoMemo } from '../../lib/iso-memo.ts';
import type { CleanReport } from '../ingest/validate.ts';

/**
 * Per gateway, the report's time (ms) and its entry as updates carry it, made once per report and
 * shared, never changed, by every update that shows it.
 */
type DeviceSignals = Map<string, { at: number; entry: SignalMap[string] }>;

/** Report times as text: a batch's reports mostly share their time. */
const isoOf = isoMemo();

export function createSignalCache(maxAgeMs = SIGNAL_POPUP_RECENCY_MS) {
  const byOwner = new Map<string, Map<string, DeviceSignals>>();

  function deviceSignals(ownerId: string, device: string): DeviceSignals {
    let devices = byOwner.get(ownerId);
    if (!devices) byOwner.set(ownerId, (devices = new Map()));
    let sig = devices.get(device);
    if (!sig) devices.set(device, (sig = new Map()));
    return sig;
  }

  /**
   * Record a report if it is newer than what the cache holds for that gateway; false when it is
   * not (a copy of one recorded already, or an older one).
   */
  function put(
    ownerId: string,
    r: Pick<CleanReport, 'device' | 'gateway' | 'rssi' | 'receivedAt' | 'ip'>,
  ): boolean {
    const sig = deviceSignals(ownerId, r.device);
    const prev = sig.get(r.gateway);
    if (prev && r.receivedAt <= prev.at) return false;
    const entry = { rssi: r.rssi, received_at: isoOf(r.receivedAt), ip: r.ip };
    sig.set(r.gateway, { at: r.receivedAt, entry });
    return true;
  }

  /** Entries the cache already holds at this time or newer are skipped without parsing. */
  function mergeOne(sig: DeviceSignals, gateway: string, s: SignalMap[string]) {
    const prev = sig.get(gateway);
    if (prev && prev.entry.received_at === s.received_at) return;
    const at = Date.parse(s.received_at);
    if (!Number.isFinite(at) || (prev && at < prev.at)) return;
    sig.set(gateway, { at, entry: { rssi: s.rssi, received_at: s.received_at, ip: s.ip ?? null } });
  }

  return {
    put,

    /**
     * Merge a signal map published by another instance (its gateways heard the device there);
     * like put(), an entry only replaces an older one.
     */
    merge(ownerId: string, device: string, signal: SignalMap) {
      const sig = deviceSignals(ownerId, device);
      for (const gw in signal) mergeOne(sig, gw, signal[gw]!);
    },

    /** The device's signal map, dropping entries older than the cache's age limit. */
    snapshot(ownerId: string, device: string, now = Date.now()): SignalMap {
      const sig = byOwner.get(ownerId)?.get(device);
      const out: SignalMap = {};
      if (!sig) return out;
      for (const [gw, s] of sig) {
        if (now - s.at > maxAgeMs) sig.delete(gw);
        else out[gw] = s.entry;
      }
      return out;
    },

    /** When the device was last heard (ms), or null when the cache holds nothing of it. */
    newest(ownerId: string, device: string): number | null {
      const sig = byOwner.get(ownerId)?.get(device);
      let newest: number | null = null;
      for (const s of sig?.values() ?? []) if (newest === null || s.at > newest) newest = s.at;
      return newest;
    },

    /** Remove devices with no recent signal; called periodically so memory stays flat. */
    sweep(now = Date.now()) {
      for (const [owner, devices] of byOwner) {
        for (const [device, sig] of devices) {
          for (const [gw, s] of sig) if (now - s.at > maxAgeMs) sig.delete(gw);
          if (sig.size === 0) devices.delete(device);
        }
        if (devices.size === 0) byOwner.delete(owner);
      }
    },

    size() {
      let n = 0;
      for (const devices of byOwner.values()) n += devices.size;
      return n;
    },
  };
}
export type SignalCache = ReturnType<typeof createSignalCache>;
