/** Latest signal per gateway for each device, in memory, bounded by age. */
import { SIGNAL_POPUP_RECENCY_MS, type SignalMap } from '@rtls/contract';
import type { CleanReport } from '../ingest/validate.ts';

/** `iso` is `at` as the update's text, made once per report rather than once per update. */
type DeviceSignals = Map<string, { rssi: number; at: number; iso: string; ip: string | null }>;

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
    sig.set(r.gateway, {
      rssi: r.rssi,
      at: r.receivedAt,
      iso: new Date(r.receivedAt).toISOString(),
      ip: r.ip,
    });
    return true;
  }

  /** Entries the cache already holds at this time or newer are skipped without parsing. */
  function mergeOne(sig: DeviceSignals, gateway: string, s: SignalMap[string]) {
    const prev = sig.get(gateway);
    if (prev && prev.iso === s.received_at) return;
    const at = Date.parse(s.received_at);
    if (!Number.isFinite(at) || (prev && at < prev.at)) return;
    sig.set(gateway, { rssi: s.rssi, at, iso: s.received_at, ip: s.ip ?? null });
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
        else out[gw] = { rssi: s.rssi, received_at: s.iso, ip: s.ip };
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
