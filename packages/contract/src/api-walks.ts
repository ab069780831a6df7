/**
 * Walk, calibrate, prove: an installer's walk test on a map, the radio calibration fitted from it,
 * and the accuracy reports that show how well the map locates.
 * GET|POST /api/maps/{id}/walks                       (a map's walks; start one for a tag)
 * GET /api/walks/{id}                                 (a walk and its points: resume it)
 * POST /api/walks/{id}/points                         (a point: where the tag stood, and when)
 * POST /api/walks/{id}/path                           (a drawn path walked at a steady pace)
 * PUT|DELETE /api/walks/{id}/points/{pointId}         (redo or remove a point)
 * POST /api/walks/{id}/finish
 * POST /api/walks/{id}/calibrations                   (fit, with held-out before/after)
 * GET /api/calibrations/{id}; POST /api/calibrations/{id}/apply
 * GET /api/maps/{id}/radio-calibration; POST /api/maps/{id}/radio-calibration/undo
 * POST /api/walks/{id}/reports                        (an accuracy report with the map's model)
 * GET /api/walk-reports/{id}; GET /api/walk-reports/{id}/csv; GET /api/maps/{id}/walk-reports
 * Owners and editors of the map walk, calibrate and report; viewers read the reports.
 * Coordinates are map pixels like gateway positions; errors are metres.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SuccessWith } from './api-common.ts';
import { Nullable, StringEnum } from './schema-helpers.ts';

export const WALK_LIMITS = {
  /** Fewer points cannot be fitted and held out in folds. */
  minPoints: 8,
  maxPoints: 200,
  /** A point's time window: long enough for a few reports, short enough to be one place (ms). */
  minWindowMs: 2_000,
  maxWindowMs: 10 * 60_000,
  /** Open walks per map at once. */
  maxOpenPerMap: 20,
  /** A drawn path walked at a steady pace becomes a point per this much of its time (ms). */
  pathStepMs: 3_000,
  maxPathVertices: 200,
} as const;

/**
 * When a calibration may be applied: its held-out p90 error must be lower than the current
 * model's; one that makes it grow by more than maxWorsening (a fraction) is called worse. A gain
 * of targetGain is what a walk over a floor is expected to bring.
 */
export const CALIBRATION_RULES = { maxWorsening: 0.05, targetGain: 0.2 } as const;

const Instant = Type.String({ format: 'date-time', maxLength: 40 });
const Coordinate = Type.Number({ minimum: -1_000_000, maximum: 1_000_000 });

export const WalkPoint = Type.Object({
  id: Type.String(),
  x: Type.Number(),
  y: Type.Number(),
  from: Type.String(),
  to: Type.String(),
  /** The reference heard at this point instead of the walk's tag; null for the walk's tag. */
  deviceMac: Nullable(Type.String()),
});
export type WalkPoint = Static<typeof WalkPoint>;

export const WalkStatus = StringEnum(['open', 'finished']);
export type WalkStatus = Static<typeof WalkStatus>;

export const Walk = Type.Object({
  id: Type.String(),
  mapId: Type.String(),
  /** The tag carried (its MAC or stable id, as the devices list has it). */
  deviceMac: Type.String(),
  status: WalkStatus,
  createdBy: Type.String(),
  createdAt: Type.String(),
  finishedAt: Nullable(Type.String()),
  /** In time order. */
  points: Type.Array(WalkPoint),
});
export type Walk = Static<typeof Walk>;

export const WalkCreateBody = Type.Object({
  deviceMac: Type.String({ minLength: 1, maxLength: 160 }),
});
export type WalkCreateBody = Static<typeof WalkCreateBody>;

/**
 * Where the tag stood (map pixels) from one instant to another (ISO 8601). A fixed tag or a
 * gateway of the map owner standing at a known spot serves as a reference point: its MAC in
 * deviceMac, and its reports in the window are read instead of the walk's tag's.
 */
export const WalkPointBody = Type.Object({
  x: Coordinate,
  y: Coordinate,
  from: Instant,
  to: Instant,
  deviceMac: Type.Optional(Type.String({ minLength: 1, maxLength: 160 })),
});
export type WalkPointBody = Static<typeof WalkPointBody>;

/**
 * A path drawn on the plan (map pixels) and walked along at a steady pace from one instant to
 * another: it becomes a point per WALK_LIMITS.pathStepMs, where the walker was in the middle of it.
 */
export const WalkPathBody = Type.Object({
  path: Type.Array(Type.Object({ x: Coordinate, y: Coordinate }), {
    minItems: 2,
    maxItems: WALK_LIMITS.maxPathVertices,
  }),
  from: Instant,
  to: Instant,
});
export type WalkPathBody = Static<typeof WalkPathBody>;

export const WalkPointParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  pointId: Type.String({ minLength: 1, maxLength: 64 }),
});
export type WalkPointParams = Static<typeof WalkPointParams>;

/** Median, 90th percentile and largest error (m) of the points located; null for none. */
export const ErrorSummary = Type.Object({
  count: Type.Integer(),
  medianM: Nullable(Type.Number()),
  p90M: Nullable(Type.Number()),
  maxM: Nullable(Type.Number()),
});
export type ErrorSummary = Static<typeof ErrorSummary>;

export const CalibrationVerdictReason = StringEnum(['improves', 'no-better', 'worse']);
export type CalibrationVerdictReason = Static<typeof CalibrationVerdictReason>;

export const CalibrationVerdict = Type.Object({
  applicable: Type.Boolean(),
  reason: CalibrationVerdictReason,
  message: Type.String(),
  /** Change of the held-out p90 error, in per cent (negative: better); null when unknown. */
  p90ChangePct: Nullable(Type.Number()),
});
export type CalibrationVerdict = Static<typeof CalibrationVerdict>;

export const GatewayCalibration = Type.Object({
  mac: Type.String(),
  /** Fitted level at 1 m against the gateway's own setting (its maxRSSI or the default), dB. */
  offsetDb: Type.Number(),
  rssiAt1m: Type.Number(),
  exponent: Type.Number(),
  /** Walk points the gateway was heard at. */
  points: Type.Integer(),
});
export type GatewayCalibration = Static<typeof GatewayCalibration>;

export const Calibration = Type.Object({
  id: Type.String(),
  walkId: Type.String(),
  mapId: Type.String(),
  createdAt: Type.String(),
  /** Points of the walk the tag was heard at (those the fit and the folds use). */
  points: Type.Integer(),
  folds: Type.Integer(),
  exponent: Type.Number(),
  gateways: Type.Array(GatewayCalibration),
  /** Points held out of the fit, located with the map's current model and with the fitted one. */
  before: ErrorSummary,
  after: ErrorSummary,
  verdict: CalibrationVerdict,
  appliedAt: Nullable(Type.String()),
});
export type Calibration = Static<typeof Calibration>;

/** The radio calibration a map is located with now. */
export const MapRadioCalibration = Type.Object({
  mapId: Type.String(),
  /** Null when the map is located with its gateways' own settings. */
  calibrationId: Nullable(Type.String()),
  appliedAt: Nullable(Type.String()),
  gateways: Type.Array(GatewayCalibration),
  /** True when an applied calibration can be undone (back to the one before, or to none). */
  canUndo: Type.Boolean(),
});
export type MapRadioCalibration = Static<typeof MapRadioCalibration>;

export const HeardGateway = Type.Object({
  mac: Type.String(),
  /** Mean level over the point's window (dBm) and the reports behind it. */
  rssi: Type.Number(),
  count: Type.Integer(),
});
export type HeardGateway = Static<typeof HeardGateway>;

export const ReportPoint = Type.Object({
  pointId: Type.String(),
  x: Type.Number(),
  y: Type.Number(),
  /** Where the point's readings put the tag (map pixels); null when too few gateways heard it. */
  locatedX: Nullable(Type.Number()),
  locatedY: Nullable(Type.Number()),
  errorM: Nullable(Type.Number()),
  zoneIds: Type.Array(Type.String()),
  heard: Type.Array(HeardGateway),
});
export type ReportPoint = Static<typeof ReportPoint>;

export const ZoneAccuracy = Type.Object({
  zoneId: Type.String(),
  name: Type.String(),
  summary: ErrorSummary,
});
export type ZoneAccuracy = Static<typeof ZoneAccuracy>;

export const WalkReportSummary = Type.Object({
  id: Type.String(),
  walkId: Type.String(),
  mapId: Type.String(),
  deviceMac: Type.String(),
  createdAt: Type.String(),
  /** The calibration the map was located with, or null for the gateways' own settings. */
  calibrationId: Nullable(Type.String()),
  summary: ErrorSummary,
  /** Points no position could be made for. */
  unlocated: Type.Integer(),
});
export type WalkReportSummary = Static<typeof WalkReportSummary>;

/** How many of the worst points a report names. */
export const REPORT_WORST_POINTS = 3;

export const WalkReport = Type.Composite([
  WalkReportSummary,
  Type.Object({
    zones: Type.Array(ZoneAccuracy),
    /** Ids of the points with the largest errors, largest first. */
    worst: Type.Array(Type.String()),
    points: Type.Array(ReportPoint),
  }),
]);
export type WalkReport = Static<typeof WalkReport>;

export const WalksResponse = SuccessWith({ walks: Type.Array(Walk) });
export const WalkResponse = SuccessWith({ walk: Walk });
export type WalkResponse = Static<typeof WalkResponse>;
export const CalibrationResponse = SuccessWith({ calibration: Calibration });
export type CalibrationResponse = Static<typeof CalibrationResponse>;
export const MapRadioCalibrationResponse = SuccessWith({ radioCalibration: MapRadioCalibration });
export type MapRadioCalibrationResponse = Static<typeof MapRadioCalibrationResponse>;
export const WalkReportResponse = SuccessWith({ report: WalkReport });
export type WalkReportResponse = Static<typeof WalkReportResponse>;
export const WalkReportsResponse = SuccessWith({ reports: Type.Array(WalkReportSummary) });
export type WalkReportsResponse = Static<typeof WalkReportsResponse>;

/** The API's sentences for a walk, a calibration or a report refused. */
export const WALK_ERRORS = {
  deviceUnknown: {
    en: 'That tag is not one of the map owner’s devices or gateways',
    he: 'התג אינו אחד מהמכשירים או השערים של בעל המפה',
  },
  offPlan: { en: 'The point is off the plan', he: 'הנקודה מחוץ לתוכנית' },
  badWindow: {
    en: `A point's time must run forward, for ${WALK_LIMITS.minWindowMs / 1000} s to ${WALK_LIMITS.maxWindowMs / 60_000} min`,
    he: `זמן הנקודה חייב להתקדם, בין ${WALK_LIMITS.minWindowMs / 1000} שניות ל-${WALK_LIMITS.maxWindowMs / 60_000} דקות`,
  },
  overlaps: {
    en: 'The point’s time overlaps another point of the walk (two taps at once)',
    he: 'זמן הנקודה חופף לנקודה אחרת בהליכה (שתי הקשות בבת אחת)',
  },
  tooManyPoints: {
    en: `A walk has at most ${WALK_LIMITS.maxPoints} points`,
    he: `בהליכה יש לכל היותר ${WALK_LIMITS.maxPoints} נקודות`,
  },
  finished: { en: 'The walk is finished', he: 'ההליכה הסתיימה' },
  notFinished: { en: 'Finish the walk first', he: 'יש לסיים את ההליכה קודם' },
  tooFewPoints: {
    en: `A walk needs at least ${WALK_LIMITS.minPoints} points`,
    he: `הליכה צריכה לפחות ${WALK_LIMITS.minPoints} נקודות`,
  },
  notHeard: {
    en: `The tag was heard at fewer than ${WALK_LIMITS.minPoints} points of the walk`,
    he: `התג נשמע בפחות מ-${WALK_LIMITS.minPoints} נקודות בהליכה`,
  },
  pathTooShort: {
    en: `A path must take at least ${WALK_LIMITS.pathStepMs / 1000} s to walk`,
    he: `הליכה לאורך מסלול חייבת לקחת לפחות ${WALK_LIMITS.pathStepMs / 1000} שניות`,
  },
  tooManyOpen: {
    en: `A map has at most ${WALK_LIMITS.maxOpenPerMap} open walks`,
    he: `למפה יש לכל היותר ${WALK_LIMITS.maxOpenPerMap} הליכות פתוחות`,
  },
  noGateways: { en: 'The map has no gateways placed on it', he: 'אין שערים ממוקמים על המפה' },
  notApplicable: {
    en: 'This calibration would not improve the map and is not applied',
    he: 'כיול זה לא ישפר את המפה ולכן לא הוחל',
  },
  nothingToUndo: { en: 'No applied calibration to undo', he: 'אין כיול מוחל לביטול' },
  stale: {
    en: 'The map’s gateways changed since this calibration: walk again',
    he: 'השערים במפה השתנו מאז הכיול: יש ללכת שוב',
  },
} as const;
export type WalkErrorKey = keyof typeof WALK_ERRORS;

/** What the verdict says, per reason. */
export const CALIBRATION_VERDICTS = {
  improves: {
    en: 'Held-out points are located better: apply it',
    he: 'נקודות מבחן ממוקמות טוב יותר: אפשר להחיל',
  },
  'no-better': {
    en: 'Held-out points are not located better: keep the current model',
    he: 'נקודות מבחן אינן ממוקמות טוב יותר: יש להשאיר את המודל הנוכחי',
  },
  worse: {
    en: 'Held-out points would be located worse: not offered',
    he: 'נקודות מבחן ימוקמו גרוע יותר: לא מוצע',
  },
} as const;

/**
 * The one rule of whether a calibration may be applied, from the held-out errors of the current
 * model (before) and the fitted one (after).
 */
export function calibrationVerdict(before: ErrorSummary, after: ErrorSummary): CalibrationVerdict {
  const b = before.p90M;
  const a = after.p90M;
  const change = b !== null && a !== null && b > 0 ? ((a - b) / b) * 100 : null;
  const reason: CalibrationVerdictReason =
    a === null || b === null
      ? 'no-better'
      : a > b * (1 + CALIBRATION_RULES.maxWorsening)
        ? 'worse'
        : a < b
          ? 'improves'
          : 'no-better';
  return {
    applicable: reason === 'improves',
    reason,
    message: CALIBRATION_VERDICTS[reason].en,
    p90ChangePct: change,
  };
}
