/**
 * A map's floor model: its walls (polylines, each with a class and the signal it takes per
 * crossing), its doors and openings (where a wall may be passed) and its walkable outline, in map
 * pixels like zones and gateway positions. GET/PUT /api/maps/{id}/floor-model: owners and editors
 * replace it, anyone who may read the map reads it. The positioning engine keeps tags' motion
 * from crossing walls except at doors, and counts the walls between each gateway and each spot.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SuccessWith } from './api-common.ts';
import { Nullable, StringEnum } from './schema-helpers.ts';

/** Wall classes, lightest first. */
export const WALL_CLASSES = ['glass', 'light', 'heavy'] as const;
export type WallClass = (typeof WALL_CLASSES)[number];

/**
 * Signal lost per crossing of a wall of each class (dB), the starting point the site's
 * self-calibration learns from: glass and plasterboard partitions take 2–4 dB at 2.4 GHz, brick
 * and concrete 8–15 dB (ITU-R P.1238 and multi-wall model measurements).
 */
export const WALL_CLASS_LOSS_DB: Readonly<Record<WallClass, number>> = {
  glass: 2,
  light: 4,
  heavy: 10,
};
export const DEFAULT_WALL_CLASS: WallClass = 'light';

export const FLOOR_MODEL_LIMITS = {
  /** Coordinates are map pixels; anything beyond this is a client mistake, not a floor plan. */
  maxAbsCoordinate: 1_000_000,
  /** Most walls (polylines) on one map. */
  maxWalls: 2_000,
  /** Most points of one wall polyline. */
  maxWallPoints: 200,
  /** Most wall segments over all walls of a map: keeps each map's raster and radio map cheap. */
  maxSegments: 5_000,
  maxDoors: 1_000,
  maxOutlinePoints: 1_000,
  /** Most signal one crossing may take (dB). */
  maxLossDb: 40,
  /**
   * How far (px) a door's ends may lie from the wall it opens: a door is drawn onto a wall and
   * snapped there, so a door farther than this from every wall is a mistake.
   */
  doorSnapPx: 12,
  /**
   * How far points may lie outside a plan of known size, as a share of its width and height: a
   * wall drawn along the plan's edge may overshoot it a little.
   */
  planMargin: 0.05,
  /** Largest PUT body (bytes): a model at every limit above fits (about 1.2 MB pretty-printed). */
  maxBodyBytes: 2 * 1024 * 1024,
} as const;

const Coordinate = Type.Number({
  minimum: -FLOOR_MODEL_LIMITS.maxAbsCoordinate,
  maximum: FLOOR_MODEL_LIMITS.maxAbsCoordinate,
});
export const FloorPoint = Type.Object({ x: Coordinate, y: Coordinate });
export type FloorPoint = Static<typeof FloorPoint>;

export const WallClassSchema = StringEnum(WALL_CLASSES);

export const Wall = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  /** The polyline, two points or more; each segment has a length. */
  points: Type.Array(FloorPoint, { minItems: 2, maxItems: FLOOR_MODEL_LIMITS.maxWallPoints }),
  kind: WallClassSchema,
  /** Loss per crossing (dB) when set; the class's WALL_CLASS_LOSS_DB when null or absent. */
  lossDb: Type.Optional(
    Nullable(Type.Number({ minimum: 0, maximum: FLOOR_MODEL_LIMITS.maxLossDb })),
  ),
});
export type Wall = Static<typeof Wall>;

/** A door or opening: the stretch of a wall (from a to b, both on the wall) that can be passed. */
export const Door = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  a: FloorPoint,
  b: FloorPoint,
});
export type Door = Static<typeof Door>;

export const FloorModel = Type.Object({
  walls: Type.Array(Wall, { maxItems: FLOOR_MODEL_LIMITS.maxWalls }),
  doors: Type.Array(Door, { maxItems: FLOOR_MODEL_LIMITS.maxDoors }),
  /** The walkable area's outline (a simple polygon); the whole plan when null. */
  outline: Nullable(
    Type.Array(FloorPoint, { minItems: 3, maxItems: FLOOR_MODEL_LIMITS.maxOutlinePoints }),
  ),
});
export type FloorModel = Static<typeof FloorModel>;

/** PUT /api/maps/{id}/floor-model: the whole model, replacing the stored one. */
export const FloorModelBody = FloorModel;
export type FloorModelBody = FloorModel;

/** The model of a map with nothing drawn: positions behave as on a plan without walls. */
export const EMPTY_FLOOR_MODEL: FloorModel = { walls: [], doors: [], outline: null };

export const FloorModelResponse = SuccessWith({
  floorModel: FloorModel,
  updatedAt: Nullable(Type.String()),
});
export type FloorModelResponse = Static<typeof FloorModelResponse>;

/**
 * Why a floor model is refused (the `message` of its 400 starts with `en`, followed by where:
 * the wall, door or point); the console may show `he` for the same sentence.
 */
export const FLOOR_MODEL_ERRORS = {
  notANumber: {
    en: 'Every coordinate of the floor model must be a number',
    he: 'כל קואורדינטה במודל הקומה חייבת להיות מספר',
  },
  tooLarge: {
    en: `The floor model is too large: a body may be at most ${FLOOR_MODEL_LIMITS.maxBodyBytes / 1024 / 1024} MB, with at most ${FLOOR_MODEL_LIMITS.maxSegments.toLocaleString('en')} wall segments`,
    he: `מודל הקומה גדול מדי: גוף הבקשה יכול להיות עד ${FLOOR_MODEL_LIMITS.maxBodyBytes / 1024 / 1024} MB, עם לכל היותר ${FLOOR_MODEL_LIMITS.maxSegments.toLocaleString('en')} מקטעי קיר`,
  },
  tooManySegments: {
    en: `The floor model has too many wall segments (at most ${FLOOR_MODEL_LIMITS.maxSegments.toLocaleString('en')})`,
    he: `במודל הקומה יש יותר מדי מקטעי קיר (לכל היותר ${FLOOR_MODEL_LIMITS.maxSegments.toLocaleString('en')})`,
  },
  duplicateId: {
    en: 'Two walls or two doors of the floor model share an id',
    he: 'לשני קירות או לשתי דלתות במודל הקומה יש אותו מזהה',
  },
  zeroLengthSegment: {
    en: 'A wall has a segment of no length (two equal consecutive points)',
    he: 'לקיר יש מקטע באורך אפס (שתי נקודות עוקבות זהות)',
  },
  outsidePlan: {
    en: 'A point of the floor model lies outside the floor plan',
    he: 'נקודה במודל הקומה נמצאת מחוץ לתוכנית הקומה',
  },
  doorNoWidth: {
    en: 'A door has no width (its two ends are the same point)',
    he: 'לדלת אין רוחב (שני קצותיה באותה נקודה)',
  },
  doorOffWall: {
    en: `A door is off every wall: both its ends must lie within ${FLOOR_MODEL_LIMITS.doorSnapPx} px of one wall segment`,
    he: `דלת אינה על אף קיר: שני קצותיה חייבים להיות במרחק של עד ${FLOOR_MODEL_LIMITS.doorSnapPx} פיקסלים ממקטע קיר אחד`,
  },
  outlineCrosses: {
    en: 'The walkable outline crosses itself; draw it without crossing edges',
    he: 'קו המתאר של השטח העביר חוצה את עצמו; יש לשרטט אותו בלי צלעות נחתכות',
  },
  outlineFlat: {
    en: 'The walkable outline has no area; its corners must not lie on one line',
    he: 'לקו המתאר של השטח העביר אין שטח; הפינות שלו אינן יכולות להיות על קו אחד',
  },
} as const;
export type FloorModelErrorKey = keyof typeof FLOOR_MODEL_ERRORS;

/** The loss one crossing of this wall takes (dB). */
export function wallLossDb(wall: Pick<Wall, 'kind' | 'lossDb'>): number {
  return wall.lossDb ?? WALL_CLASS_LOSS_DB[wall.kind];
}
