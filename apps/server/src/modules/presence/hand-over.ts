/**
 * Presence across instances that share the devices, each tracking those it locates (a device's
 * partition may move from one to another). Instances tell each other who locates a device through
 * its saved presence's `seen_at`, written by the locating instance about once a second.
 *
 * - A device new here may have a saved presence (another instance located it before, or it was
 *   saved after this one started): it is read, batched, and taken over unless the device already
 *   entered a zone here. A device this instance knew but stopped locating for a while takes the
 *   saved presence over when that changed after its own, so that a device still in its zone does
 *   not enter it again. An entry takes enterAfterS, far longer than the read.
 * - A device this instance stopped locating while another one locates it on the same map is let
 *   go here (no transition, nothing saved): it neither turns unknown nor exits on this instance.
 *   A device nobody locates any more turns unknown and exits as on a single instance.
 */
import type { PresenceRepository } from './repository.ts';
import type { Track } from './tracker.ts';

/**
 * A device located every second that this instance had no position of for this long was located
 * by another instance meanwhile (or not at all): its saved presence may be newer than its track.
 */
export const HANDED_OVER_MS = 3_000;
/** Batches of saved presences are read after this wait (ms), many devices at a time. */
const BATCH_MS = 50;

const keyOf = (t: { ownerId: string; mac: string; mapId: string }) =>
  `${t.mapId}|${t.ownerId}|${t.mac}`;

export interface HandOverOptions {
  repo: PresenceRepository;
  /** Several instances share the devices; alone, only new devices read a saved presence. */
  shared: boolean;
  /** Let a track go: another instance locates its device. */
  release: (track: Track) => void;
  onError: (err: unknown) => void;
}

export function createHandOver(o: HandOverOptions) {
  const toAdopt: { track: Track; known: boolean }[] = [];
  /** When this instance last had a position of each device (any confidence), or first held it. */
  const observedAt = new WeakMap<Track, number>();
  /** When each idle track was last asked about (ms). */
  const askedAt = new WeakMap<Track, number>();
  /** Devices located since `seen_at` was last written. */
  let seen = new Map<string, { track: Track; at: number }>();
  let adopting: Promise<void> = Promise.resolve();
  let asking: Promise<void> = Promise.resolve();
  let toAsk: Track[] = [];

  function adopt(track: Track, known: boolean) {
    if (toAdopt.push({ track, known }) > 1) return;
    adopting = new Promise<void>((resolve) => setTimeout(resolve, BATCH_MS).unref())
      .then(async () => {
        const batch = toAdopt.splice(0);
        const rows = await o.repo.loadSome(batch.map((b) => b.track));
        const byKey = new Map(rows.map((r) => [keyOf(r), r]));
        for (const { track: t, known: wasKnown } of batch) {
          const s = byKey.get(keyOf(t));
          if (!s) continue;
          const takes = wasKnown
            ? s.since > t.since
            : // Only a track nothing has happened to yet takes the saved zone over.
              s.zoneId !== null && t.zoneId === null && t.lastExit === null;
          if (!takes) continue;
          const { zoneId, state, since, enteredAt } = s;
          Object.assign(t, {
            zoneId,
            state,
            since,
            enteredAt,
            candidate: null,
            outsideSince: null,
          });
        }
      })
      .catch(o.onError);
  }

  /** Ask, batched, whether another instance located these idle devices since this one did. */
  function ask(track: Track) {
    if (toAsk.push(track) > 1) return;
    asking = new Promise<void>((resolve) => setTimeout(resolve, BATCH_MS).unref())
      .then(async () => {
        const batch = toAsk;
        toAsk = [];
        const rows = await o.repo.loadSome(batch);
        const byKey = new Map(rows.map((r) => [keyOf(r), r]));
        for (const t of batch) {
          const elsewhere = byKey.get(keyOf(t))?.seenAt ?? null;
          if (elsewhere !== null && elsewhere > (observedAt.get(t) ?? Infinity)) o.release(t);
        }
      })
      .catch(o.onError);
  }

  return {
    /** A track taken from the saved presences at start: held since `at`, located nowhere here. */
    held(track: Track, at: number) {
      observedAt.set(track, at);
    },

    /** A position of the track's device here (`isNew`: the track was made for it). */
    observed(track: Track, isNew: boolean, at: number) {
      if (isNew) adopt(track, false);
      else if (o.shared && at - (observedAt.get(track) ?? at) > HANDED_OVER_MS) adopt(track, true);
      observedAt.set(track, at);
      if (o.shared) seen.set(keyOf(track), { track, at });
    },

    /**
     * The tick's look at a track (shared): one not located here for a while is asked about every
     * HANDED_OVER_MS until located here again or let go.
     */
    idle(track: Track, now: number) {
      if (!o.shared) return;
      const last = observedAt.get(track);
      if (last === undefined || now - last <= HANDED_OVER_MS) return;
      if (now - (askedAt.get(track) ?? 0) < HANDED_OVER_MS) return;
      askedAt.set(track, now);
      ask(track);
    },

    /** The devices located since the last call, with when (for `seen_at`). */
    takeSeen(): { track: Track; at: number }[] {
      const list = [...seen.values()];
      seen = new Map();
      return list;
    },

    /** Wait until the reads under way are done (tests). */
    settled: () => Promise.all([adopting, asking]).then(() => undefined),
  };
}
export type HandOver = ReturnType<typeof createHandOver>;
