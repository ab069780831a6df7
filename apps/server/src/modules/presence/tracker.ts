/**
 * The presence state machine of one device on one map (see PRESENCE_DEFAULTS): hysteresis in time
 * (enter after a while inside, leave after a while outside) and in space (a margin around the zone
 * that counts as still inside), and unknown when no confident position arrives. Pure: time comes in.
 */
import type { PresenceState } from '@rtls/contract';
import { contains, withinMargin, type CompiledPolygon } from '../zones/geometry.ts';

export interface PresenceTiming {
  enterAfterMs: number;
  leaveAfterMs: number;
  minConfidence: number;
  staleAfterMs: number;
  unknownExitAfterMs: number;
}

/** A map's zones as presence uses them, smallest first (a new entry picks the smallest). */
export interface ZoneShape {
  id: string;
  name: string;
  poly: CompiledPolygon;
}
export interface MapShapes {
  zones: ZoneShape[];
  byId: Map<string, ZoneShape>;
  /** The edge margin in map pixels. */
  marginPx: number;
}

export interface Track {
  ownerId: string;
  mac: string;
  mapId: string;
  state: PresenceState;
  zoneId: string | null;
  /** When the state (and zone) began. */
  since: number;
  /** When the device entered its zone. */
  enteredAt: number | null;
  /** The last counted position. */
  lastFixAt: number;
  /** The zone the positions point to while an entry is pending, and since when. */
  candidate: string | null;
  candidateSince: number;
  /** Since when the positions have been outside the current zone. */
  outsideSince: number | null;
  /** The last zone left and when (for absence). */
  lastExit: { zoneId: string; at: number } | null;
  /** When this track began (a device never in a zone has been absent since then). */
  createdAt: number;
}

export type Transition =
  | { kind: 'enter'; zoneId: string; at: number }
  | { kind: 'exit'; zoneId: string; at: number; reason: 'left' | 'unknown'; enteredAt: number }
  /** State or zone changed without an event (unknown, back from unknown, zone deleted). */
  | { kind: 'state'; at: number };

export function newTrack(ownerId: string, mac: string, mapId: string, now: number): Track {
  return {
    ownerId,
    mac,
    mapId,
    state: 'none',
    zoneId: null,
    since: now,
    enteredAt: null,
    lastFixAt: now,
    candidate: null,
    candidateSince: now,
    outsideSince: null,
    lastExit: null,
    createdAt: now,
  };
}

function setState(t: Track, state: PresenceState, zoneId: string | null, at: number): boolean {
  if (t.state === state && t.zoneId === zoneId) return false;
  t.state = state;
  t.zoneId = zoneId;
  t.since = at;
  return true;
}

function exit(t: Track, at: number, reason: 'left' | 'unknown', out: Transition[]) {
  const zoneId = t.zoneId!;
  out.push({ kind: 'exit', zoneId, at, reason, enteredAt: t.enteredAt ?? t.since });
  t.lastExit = { zoneId, at };
  t.enteredAt = null;
  t.outsideSince = null;
  setState(t, reason === 'left' ? 'none' : 'unknown', null, at);
}

/** The smallest zone strictly containing the point, or null. */
function zoneAt(shapes: MapShapes, x: number, y: number): string | null {
  for (const z of shapes.zones) if (contains(z.poly, x, y)) return z.id;
  return null;
}

/** A located position of the device on this map. Returns what changed. */
export function observeFix(
  t: Track,
  shapes: MapShapes,
  fix: { x: number; y: number; confidence: number; at: number },
  timing: PresenceTiming,
): Transition[] {
  const out: Transition[] = [];
  if (fix.confidence < timing.minConfidence) return out;
  const { x, y, at } = fix;
  t.lastFixAt = at;
  const near = (id: string | null) => {
    const z = id === null ? undefined : shapes.byId.get(id);
    return z !== undefined && withinMargin(z.poly, x, y, shapes.marginPx);
  };
  if (t.zoneId !== null && near(t.zoneId)) {
    t.outsideSince = null;
    t.candidate = null;
    if (setState(t, 'in', t.zoneId, at)) out.push({ kind: 'state', at });
    return out;
  }
  if (t.zoneId !== null) {
    t.outsideSince ??= at;
    if (at - t.outsideSince >= timing.leaveAfterMs) exit(t, at, 'left', out);
  }
  // The candidate zone holds while the positions stay near it; a zone that contains them outright
  // takes over otherwise.
  if (!near(t.candidate)) {
    const z = zoneAt(shapes, x, y);
    if (z !== t.candidate) {
      t.candidate = z;
      t.candidateSince = at;
    }
  }
  if (t.zoneId === null) {
    if (t.candidate !== null && at - t.candidateSince >= timing.enterAfterMs) {
      setState(t, 'in', t.candidate, at);
      t.enteredAt = at;
      t.candidate = null;
      out.push({ kind: 'enter', zoneId: t.zoneId!, at });
    } else if (setState(t, 'none', null, at)) out.push({ kind: 'state', at });
  }
  return out;
}

/** Time passing without positions: unknown when stale, exit when unknown for long. */
export function tickTrack(t: Track, now: number, timing: PresenceTiming): Transition[] {
  const out: Transition[] = [];
  if (t.state !== 'unknown' && now - t.lastFixAt >= timing.staleAfterMs) {
    t.candidate = null;
    t.outsideSince = null;
    setState(t, 'unknown', t.zoneId, now);
    out.push({ kind: 'state', at: now });
  }
  if (t.state === 'unknown' && t.zoneId !== null && now - t.since >= timing.unknownExitAfterMs)
    exit(t, now, 'unknown', out);
  return out;
}

/** The map's zones changed: a device in a zone that is gone is in none (no event: it was deleted). */
export function reconcileZones(t: Track, shapes: MapShapes, now: number): Transition[] {
  if (t.candidate !== null && !shapes.byId.has(t.candidate)) t.candidate = null;
  if (t.zoneId === null || shapes.byId.has(t.zoneId)) return [];
  t.enteredAt = null;
  t.outsideSince = null;
  setState(t, t.state === 'unknown' ? 'unknown' : 'none', null, now);
  return [{ kind: 'state', at: now }];
}
