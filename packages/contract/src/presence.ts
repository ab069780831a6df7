/**
 * Zone presence: which zone each device is in on each map, decided from the server's located
 * positions with hysteresis in time and space, and "unknown" rather than a confidently wrong room.
 * GET /api/maps/{id}/presence; socket events zone_presence and zone_occupancy for watched maps.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SuccessWith } from './api-common.ts';
import { Nullable, StringEnum } from './schema-helpers.ts';

/**
 * How presence is decided (per device and map). A position counts when its confidence is at least
 * `minConfidence` (the server's positions are the located ones of each map).
 * - enter: the counted positions stay inside one zone (or within `edgeMarginM` metres of it) for
 *   `enterAfterS`, so a tag walking through a room on its way elsewhere is not "in" it;
 * - exit: the counted positions stay outside the zone by more than `edgeMarginM` metres for
 *   `leaveAfterS`; a tag standing on the edge, jittering across it, neither leaves nor re-enters;
 * - unknown: no counted position for `staleAfterS` (the tag fell silent, or its confidence
 *   dropped). The last zone is kept (`zoneId`) and no exit is declared until the device has been
 *   unknown for `unknownExitAfterS`: then it exits (event detail reason 'unknown').
 * A device in two overlapping zones stays in the one it entered; a new entry picks the smallest.
 */
export const PRESENCE_DEFAULTS = {
  enterAfterS: 5,
  leaveAfterS: 10,
  minConfidence: 0.5,
  staleAfterS: 15,
  unknownExitAfterS: 120,
  edgeMarginM: 0.75,
} as const;

export const PRESENCE_STATES = ['in', 'unknown', 'none'] as const;
/** in: inside zoneId; none: located with confidence, in no zone; unknown: cannot tell now. */
export const PresenceState = StringEnum(PRESENCE_STATES);
export type PresenceState = Static<typeof PresenceState>;

/** One device's presence on one map. */
export const ZonePresence = Type.Object({
  mac: Type.String(),
  mapId: Type.String(),
  /** The zone it is in; when `unknown`, the zone it was last confidently in (null for none). */
  zoneId: Nullable(Type.String()),
  state: PresenceState,
  /** When this state (and zone) began, ISO 8601. */
  since: Type.String(),
});
export type ZonePresence = Static<typeof ZonePresence>;

/** How many devices are in one zone now (state `in`). */
export const ZoneCount = Type.Object({ zoneId: Type.String(), count: Type.Integer() });
export type ZoneCount = Static<typeof ZoneCount>;

/** Occupancy of a map's zones; every zone of the map is listed, empty ones with 0. */
export const ZoneOccupancy = Type.Object({
  mapId: Type.String(),
  zones: Type.Array(ZoneCount),
  /** Devices on the map whose presence is unknown now. */
  unknown: Type.Integer(),
  at: Type.String(),
});
export type ZoneOccupancy = Static<typeof ZoneOccupancy>;

/** GET /api/maps/{id}/presence: every device with a presence on the map, and the occupancy. */
export const PresenceResponse = SuccessWith({
  presence: Type.Array(ZonePresence),
  occupancy: ZoneOccupancy,
});
export type PresenceResponse = Static<typeof PresenceResponse>;
