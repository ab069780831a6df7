/**
 * How often a device's live update goes out: at most once per `intervalMs` for reports alone
 * (a gateway heard it again), at once when its position changed. A device heard again within the
 * interval waits: it goes out with its next report after the interval (so the update leaves as
 * soon as its newest report is in), or `lateMs` after the interval ends when no report comes.
 * At thousands of reports per second this keeps the socket traffic to a few updates per device
 * per second, each carrying the newest signals and position.
 */

export interface LiveThrottleOptions {
  intervalMs?: number;
  lateMs?: number;
  /** Publish devices whose wait is over (they had no newer report to carry them). */
  publish: (ownerId: string, macs: string[]) => void;
  onError?: (err: unknown) => void;
}

/** Per owner, per device MAC: nested maps, so no key string is made per report. */
type ByDevice<T> = Map<string, Map<string, T>>;

function devicesOf<T>(m: ByDevice<T>, ownerId: string): Map<string, T> {
  let devices = m.get(ownerId);
  if (!devices) m.set(ownerId, (devices = new Map()));
  return devices;
}

const TICK_MS = 25;

export function createLiveThrottle({
  intervalMs = 500,
  lateMs = 100,
  publish,
  onError = () => undefined,
}: LiveThrottleOptions) {
  /** When each device's update last went out (ms); entries older than the interval are spent. */
  const sentAt: ByDevice<number> = new Map();
  /** When each device with an update held back is due (ms). */
  const held: ByDevice<number> = new Map();
  let heldCount = 0;
  let ticks = 0;

  function release(ownerId: string, mac: string) {
    const devices = held.get(ownerId);
    if (devices?.delete(mac)) heldCount--;
  }

  function tick() {
    const now = Date.now();
    if (heldCount > 0) {
      for (const [ownerId, devices] of held) {
        const macs: string[] = [];
        for (const [mac, dueAt] of devices) {
          if (dueAt > now) continue;
          devices.delete(mac);
          heldCount--;
          devicesOf(sentAt, ownerId).set(mac, now);
          macs.push(mac);
        }
        if (devices.size === 0) held.delete(ownerId);
        if (macs.length === 0) continue;
        try {
          publish(ownerId, macs);
        } catch (err) {
          onError(err);
        }
      }
    }
    // Now and then forget devices whose interval is long over (keeps memory flat).
    if (++ticks % 200 === 0)
      for (const [ownerId, devices] of sentAt) {
        const waiting = held.get(ownerId);
        for (const [mac, at] of devices)
          if (now - at > intervalMs && !waiting?.has(mac)) devices.delete(mac);
        if (devices.size === 0) sentAt.delete(ownerId);
      }
  }
  const timer = setInterval(tick, TICK_MS);
  timer.unref();

  return {
    /** True when the device's update for a new report may go out now (and counts it as sent). */
    admit(ownerId: string, mac: string, now: number): boolean {
      const sent = devicesOf(sentAt, ownerId);
      const last = sent.get(mac);
      if (last === undefined || now - last >= intervalMs) {
        sent.set(mac, now);
        if (heldCount > 0) release(ownerId, mac);
        return true;
      }
      const waiting = devicesOf(held, ownerId);
      if (!waiting.has(mac)) {
        waiting.set(mac, last + intervalMs + lateMs);
        heldCount++;
      }
      return false;
    },

    /** The device's update went out for another reason (a new position): it carries the rest. */
    sent(ownerId: string, mac: string, now: number) {
      devicesOf(sentAt, ownerId).set(mac, now);
      if (heldCount > 0) release(ownerId, mac);
    },

    /** Devices with an update held back (tests and diagnostics). */
    held: () => heldCount,

    close() {
      clearInterval(timer);
    },
  };
}
export type LiveThrottle = ReturnType<typeof createLiveThrottle>;
