/** User settings: view options, tooltip fields and triangulation, with their defaults. */
import { Type, type Static } from '@sinclair/typebox';
import { TRIANGULATION_DEFAULTS } from './constants.ts';
import { StringEnum } from './schema-helpers.ts';

export const VIEW_OPTION_KEYS = [
  'showDeviceNames',
  'showGatewayCoverage',
  'showGridLines',
  'showRSSIValues',
  'showLastSeen',
  'showConfidence',
  'autoZoom',
  'showDeviceAsNameBox',
] as const;
export type ViewOptionKey = (typeof VIEW_OPTION_KEYS)[number];
export type ViewOptions = Record<ViewOptionKey, boolean>;

export const DEFAULT_VIEW_OPTIONS: ViewOptions = {
  showDeviceNames: true,
  showGatewayCoverage: false,
  showGridLines: false,
  showRSSIValues: false,
  showLastSeen: false,
  showConfidence: false,
  autoZoom: false,
  showDeviceAsNameBox: false,
};

export const ViewOptionsSchema = Type.Object(
  Object.fromEntries(VIEW_OPTION_KEYS.map((k) => [k, Type.Boolean()])) as Record<
    ViewOptionKey,
    ReturnType<typeof Type.Boolean>
  >,
);

export const TOOLTIP_FIELD_IDS = ['name', 'mac', 'rssi', 'lastSeen', 'gateway', 'status'] as const;
export type TooltipFieldId = (typeof TOOLTIP_FIELD_IDS)[number];

export const TooltipField = Type.Object({
  id: StringEnum(TOOLTIP_FIELD_IDS),
  label: Type.String({ maxLength: 100 }),
  enabled: Type.Boolean(),
  order: Type.Integer({ minimum: 0, maximum: 100 }),
});
export type TooltipField = Static<typeof TooltipField>;

/** Default tooltip fields; labels are translated by id in the console. */
export const DEFAULT_TOOLTIP_FIELDS: TooltipField[] = [
  { id: 'name', label: 'Name', enabled: true, order: 1 },
  { id: 'mac', label: 'MAC', enabled: false, order: 2 },
  { id: 'rssi', label: 'RSSI', enabled: true, order: 3 },
  { id: 'lastSeen', label: 'Last Seen', enabled: true, order: 4 },
  { id: 'gateway', label: 'Strongest Gateway', enabled: false, order: 5 },
  { id: 'status', label: 'Connection', enabled: true, order: 6 },
];

export const TRIANGULATION_ALGORITHMS = [
  'auto',
  'strongest',
  'weighted-centroid',
  'least-squares',
  'maximum-likelihood',
] as const;
export type TriangulationAlgorithm = (typeof TRIANGULATION_ALGORITHMS)[number];

export const TriangulationSettings = Type.Object({
  enabled: Type.Boolean(),
  algorithm: StringEnum(TRIANGULATION_ALGORITHMS),
  minSignalCount: Type.Integer({ minimum: 1, maximum: 32 }),
  minConfidence: Type.Number({ minimum: 0, maximum: 1 }),
  signalAgeWeight: Type.Number({ minimum: 0, maximum: 1 }),
  rssiWeight: Type.Number({ minimum: 0, maximum: 10 }),
  showDebugInfo: Type.Boolean(),
});
export type TriangulationSettings = Static<typeof TriangulationSettings>;
export const DEFAULT_TRIANGULATION: TriangulationSettings = { ...TRIANGULATION_DEFAULTS };

/**
 * Whose trails the map draws: each device as its own setting says (showTrail, the default), all
 * devices on the map, the selected one, or none.
 */
export const TRAIL_SHOW = ['device', 'all', 'selected', 'none'] as const;
export type TrailShow = (typeof TRAIL_SHOW)[number];
/** The spans a trail may cover, in minutes (the View tab's choices). */
export const TRAIL_MINUTES_CHOICES = [5, 10, 30, 60] as const;

/** Trails on the map: whose, and over how many recent minutes. */
export const TrailView = Type.Object({
  show: StringEnum(TRAIL_SHOW),
  minutes: Type.Integer({ minimum: 1, maximum: 1440 }),
});
export type TrailView = Static<typeof TrailView>;
export const DEFAULT_TRAIL_VIEW: TrailView = { show: 'device', minutes: 10 };

export const UserSettings = Type.Object({
  userId: Type.String(),
  viewOptions: ViewOptionsSchema,
  tooltipFields: Type.Array(TooltipField, { maxItems: TOOLTIP_FIELD_IDS.length }),
  triangulation: TriangulationSettings,
  trails: TrailView,
});
export type UserSettings = Static<typeof UserSettings>;
