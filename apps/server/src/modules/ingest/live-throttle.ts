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
  flush: (ownerId: string, macs: string[]) => void;
  onError?: (err: unknown) => void;
}

interface Held {
  ownerId: string;
  mac: string;
  dueAt: number;
}

const TICK_MS = 25;

export function createLiveThrottle({
  intervalMs = 500,
  lateMs = 100,
  flush,
  onError = () => undefined,
}: LiveThrottleOptions) {
  /** When each device's update last went out (ms); entries older than the interval are spent. */
  const sentAt = new Map<string, number>();
  /** Devices with an update held back, by key. */
  const held = new Map<string, Held>();
  let ticks = 0;

  const key = (ownerId: string, mac: string) => `${ownerId}|${mac}`;

  function tick() {
    const now = Date.now();
    if (held.size > 0) {
      const due = new Map<string, string[]>();
      for (const [k, h] of held) {
        if (h.dueAt > now) continue;
        held.delete(k);
        sentAt.set(k, now);
        const list = due.get(h.ownerId);
        if (list) list.push(h.mac);
        else due.set(h.ownerId, [h.mac]);
      }
      for (const [ownerId, macs] of due) {
        try {
          flush(ownerId, macs);
        } catch (err) {
          onError(err);
        }
      }
    }
    // Now and then forget devices whose interval is long over (keeps memory flat).
    if (++ticks % 200 === 0)
      for (const [k, at] of sentAt) if (now - at > intervalMs && !held.has(k)) sentAt.delete(k);
  }
  const timer = setInterval(tick, TICK_MS);
  timer.unref();

  return {
    /** True when the device's update for a new report may go out now (and counts it as sent). */
    admit(ownerId: string, mac: string, now: number): boolean {
      const k = key(ownerId, mac);
      const last = sentAt.get(k);
      if (last === undefined || now - last >= intervalMs) {
        sentAt.set(k, now);
        held.delete(k);
        return true;
      }
      if (!held.has(k)) held.set(k, { ownerId, mac, dueAt: last + intervalMs + lateMs });
      return false;
    },

    /** The device's update went out for another reason (a new position): it carries the rest. */
    sent(ownerId: string, mac: string, now: number) {
      const k = key(ownerId, mac);
      sentAt.set(k, now);
      held.delete(k);
    },

    /** Devices with an update held back (tests and diagnostics). */
    held: () => held.size,

    close() {
      clearInterval(timer);
    },
  };
}
export type LiveThrottle = ReturnType<typeof createLiveThrottle>;
