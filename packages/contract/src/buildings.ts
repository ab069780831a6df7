/**
 * Buildings: a building groups maps as its floors, each with its level (storeys, 0 the ground
 * floor) and its height, aligned to the building's first floor by two spots marked on both (a
 * stair core, a lift shaft), and its stairs and lifts: the links a tag may take between floors,
 * each marked on the floors it joins. A tag heard on several floors of a building is located on
 * one of them. Coordinates are map pixels, like zones and gateway positions.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SuccessWith } from './api-common.ts';
import { StringEnum } from './schema-helpers.ts';

export const BUILDING_LIMITS = {
  maxFloors: 64,
  maxLinks: 200,
  minLevel: -10,
  maxLevel: 200,
  /** A storey's height (m). */
  minHeightM: 1,
  maxHeightM: 30,
  maxNameLength: 120,
  /** Coordinates are map pixels; anything beyond this is a client mistake. */
  maxAbsCoordinate: 1_000_000,
  /** How close (px) two alignment spots may be before they tell no direction. */
  minAlignmentSpanPx: 1,
} as const;

/** The default height of a storey (m). */
export const DEFAULT_STOREY_HEIGHT_M = 3;

const Coordinate = Type.Number({
  minimum: -BUILDING_LIMITS.maxAbsCoordinate,
  maximum: BUILDING_LIMITS.maxAbsCoordinate,
});
const Spot = Type.Object({ x: Coordinate, y: Coordinate });

/**
 * The same spot on this floor and on the building's first floor (the lowest level), twice: this
 * floor's plan is scaled, rotated and moved so that its spots fall on the first floor's.
 */
export const FloorAlignment = Type.Object({
  here: Type.Tuple([Spot, Spot]),
  base: Type.Tuple([Spot, Spot]),
});
export type FloorAlignment = Static<typeof FloorAlignment>;

export const BuildingFloor = Type.Object({
  mapId: Type.String({ minLength: 1, maxLength: 64 }),
  level: Type.Integer({ minimum: BUILDING_LIMITS.minLevel, maximum: BUILDING_LIMITS.maxLevel }),
  heightM: Type.Number({
    minimum: BUILDING_LIMITS.minHeightM,
    maximum: BUILDING_LIMITS.maxHeightM,
  }),
  /** Absent on the first floor (the others are aligned to it) and on a floor not yet aligned. */
  alignment: Type.Optional(FloorAlignment),
});
export type BuildingFloor = Static<typeof BuildingFloor>;

export const LINK_KINDS = ['stairs', 'lift'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** Stairs or a lift: where it is on each floor it joins. */
export const BuildingLink = Type.Object({
  kind: StringEnum(LINK_KINDS),
  name: Type.String({ minLength: 1, maxLength: BUILDING_LIMITS.maxNameLength }),
  stops: Type.Array(
    Type.Object({
      mapId: Type.String({ minLength: 1, maxLength: 64 }),
      x: Coordinate,
      y: Coordinate,
    }),
    { minItems: 2, maxItems: BUILDING_LIMITS.maxFloors },
  ),
});
export type BuildingLink = Static<typeof BuildingLink>;

export const BuildingBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: BUILDING_LIMITS.maxNameLength }),
  floors: Type.Array(BuildingFloor, { minItems: 1, maxItems: BUILDING_LIMITS.maxFloors }),
  links: Type.Optional(Type.Array(BuildingLink, { maxItems: BUILDING_LIMITS.maxLinks })),
});
export type BuildingBody = Static<typeof BuildingBody>;

export const Building = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  /** Lowest level first. */
  floors: Type.Array(BuildingFloor),
  links: Type.Array(BuildingLink),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Building = Static<typeof Building>;

export const BuildingResponse = SuccessWith({ building: Building });
export type BuildingResponse = Static<typeof BuildingResponse>;
export const BuildingsResponse = SuccessWith({ buildings: Type.Array(Building) });
export type BuildingsResponse = Static<typeof BuildingsResponse>;

/** Why a building is refused (400 unless said otherwise). */
export const BUILDING_ERRORS = {
  levelRepeated: (level: number) => `Two floors have level ${level}`,
  mapRepeated: 'A map is listed as two floors',
  inOtherBuilding: 'A map is already a floor of another building',
  coincidentAlignment: 'The two alignment spots of a floor are at the same place',
  linkOffPlan: (name: string) => `Stairs or lift "${name}" have a stop off its floor's plan`,
  linkNotAFloor: (name: string) => `Stairs or lift "${name}" stop on a map that is no floor here`,
  linkStopsTwice: (name: string) => `Stairs or lift "${name}" stop twice on one floor`,
} as const;
