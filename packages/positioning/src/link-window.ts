/**
 * Per (device, gateway) link windows fed by every report: a bounded ring of recent packets per
 * link, summarised on demand as a robust level (dBm), the packet count and the newest time.
 * Single packets fade by ±10 dB with a heavy lower tail (deep fades, a body in the way), so the
 * level is an interquartile mean in dB: the middle half of the window, immune to a quarter of
 * the packets being wild, and close to the mean's efficiency when none is.
 */
import { MAX_SIGNAL_AGE_MS } from './signals.ts';
import type { Observation } from './types.ts';

/** One link's window: its level, how many packets support it, and when it was last heard. */
export interface LinkSummary {
  gateway: string;
  /** Robust level over the window (dBm). */
  rssi: number;
  /** Packets in the window. */
  count: number;
  newestMs: number;
  /** The tag's own level at 1 m as its newest packet stated it (dBm), if it states one. */
  refRssi?: number;
}

/** Windows of every device's links. */
export interface LinkWindows {
  /** One packet; refRssi is the tag's own level at 1 m when the packet states it. */
  add(device: string, gateway: string, rssi: number, atMs: number, refRssi?: number): void;
  /** One summary per link heard within MAX_SIGNAL_AGE_MS of nowMs. */
  summaries(device: string, nowMs: number): LinkSummary[];
  forget(device: string): void;
  /** Drop links, and devices, with nothing heard within MAX_SIGNAL_AGE_MS of nowMs. */
  sweep(nowMs: number): void;
  /** Devices held. */
  size(): number;
}

/**
 * Span of a link's window (ms), counted back from its newest packet: about the time over which a
 * walking tag's mean level stays put (shadowing decorrelates over ~1–2 m at ~1 m/s), long enough
 * for several packets at the usual 1–10 Hz.
 */
export const LINK_WINDOW_MS = 2_000;
/** Most packets kept per link (the newest); 2 s at 16 Hz. Bounds memory at any packet rate. */
export const LINK_MAX_PACKETS = 32;

interface Ring {
  t: Float64Array;
  r: Float32Array;
  /** Index of the oldest packet. */
  head: number;
  len: number;
  newest: number;
  /** The stated level of the newest packet that stated one (NaN: none). */
  ref: number;
}

/** Interquartile mean of the first n values of `v` (sorted in place). */
export function robustLevel(v: Float32Array | Float64Array, n: number): number {
  if (n <= 0) return NaN;
  // Insertion sort: a window holds a few dozen packets at most, too few for sort()'s overhead.
  const s = v;
  for (let i = 1; i < n; i++) {
    const x = s[i]!;
    let j = i - 1;
    while (j >= 0 && s[j]! > x) {
      s[j + 1] = s[j]!;
      j--;
    }
    s[j + 1] = x;
  }
  const trim = Math.min(Math.floor((n - 1) / 2), Math.round(n / 4));
  let sum = 0;
  for (let i = trim; i < n - trim; i++) sum += s[i]!;
  return sum / (n - 2 * trim);
}

function emptyRing(cap: number): Ring {
  return {
    t: new Float64Array(cap),
    r: new Float32Array(cap),
    head: 0,
    len: 0,
    newest: -Infinity,
    ref: NaN,
  };
}

/** A link's summary over the packets within windowMs of its newest (scratch: sorting room). */
function summarise(gateway: string, r: Ring, windowMs: number, scratch: Float32Array): LinkSummary {
  const cap = r.t.length;
  let n = 0;
  const from = r.newest - windowMs;
  for (let k = 0; k < r.len; k++) {
    const i = (r.head + k) % cap;
    if (r.t[i]! >= from) scratch[n++] = r.r[i]!;
  }
  const out: LinkSummary = { gateway, rssi: robustLevel(scratch, n), count: n, newestMs: r.newest };
  if (Number.isFinite(r.ref)) out.refRssi = r.ref;
  return out;
}

/** Link windows with the given span and ring size. */
export function createLinkWindows(
  opts: { windowMs?: number; maxPerLink?: number } = {},
): LinkWindows {
  const windowMs = opts.windowMs ?? LINK_WINDOW_MS;
  const cap = Math.max(1, Math.floor(opts.maxPerLink ?? LINK_MAX_PACKETS));
  const devices = new Map<string, Map<string, Ring>>();
  const scratch = new Float32Array(cap);

  function ring(device: string, gateway: string): Ring {
    let links = devices.get(device);
    if (!links) devices.set(device, (links = new Map()));
    let r = links.get(gateway);
    if (!r) links.set(gateway, (r = emptyRing(cap)));
    return r;
  }

  return {
    add(device, gateway, rssi, atMs, refRssi) {
      if (!Number.isFinite(rssi) || !Number.isFinite(atMs)) return;
      const r = ring(device, gateway);
      if (refRssi !== undefined && Number.isFinite(refRssi) && atMs >= r.newest) r.ref = refRssi;
      const i = (r.head + r.len) % cap;
      r.t[i] = atMs;
      r.r[i] = rssi;
      if (r.len < cap) r.len++;
      else r.head = (r.head + 1) % cap;
      if (atMs > r.newest) r.newest = atMs;
    },
    summaries(device, nowMs) {
      const links = devices.get(device);
      const out: LinkSummary[] = [];
      if (!links) return out;
      for (const [gateway, r] of links) {
        if (nowMs - r.newest <= MAX_SIGNAL_AGE_MS)
          out.push(summarise(gateway, r, windowMs, scratch));
      }
      return out;
    },
    forget(device) {
      devices.delete(device);
    },
    sweep(nowMs) {
      for (const [device, links] of devices) {
        for (const [gateway, r] of links) {
          if (nowMs - r.newest > MAX_SIGNAL_AGE_MS) links.delete(gateway);
        }
        if (links.size === 0) devices.delete(device);
      }
    },
    size: () => devices.size,
  };
}

/** Link summaries as observations aged at nowMs (a summary from the future counts as fresh). */
export function observationsFromLinks(links: readonly LinkSummary[], nowMs: number): Observation[] {
  return links.map((l) => {
    const ob: Observation = {
      gateway: l.gateway,
      rssi: l.rssi,
      ageMs: Math.max(0, nowMs - l.newestMs),
      count: l.count,
    };
    if (l.refRssi !== undefined) ob.refRssi = l.refRssi;
    return ob;
  });
}
