/** User settings, app settings and text labels calls. */
import { Type, type Static } from '@sinclair/typebox';
import { ResourceResponses, SuccessWith } from './api-common.ts';
import { THEMES } from './constants.ts';
import { StringEnum } from './schema-helpers.ts';
import {
  VIEW_OPTION_KEYS,
  TooltipField,
  TrailView,
  TriangulationSettings,
  UserSettings,
  ViewOptionsSchema,
} from './user-settings.ts';

export const UserSettingsResponse = SuccessWith({ settings: UserSettings });
export type UserSettingsResponse = Static<typeof UserSettingsResponse>;

/** PUT /user-settings: any part may be sent; unknown fields are dropped. */
export const UserSettingsUpdate = Type.Object({
  viewOptions: Type.Optional(Type.Partial(ViewOptionsSchema)),
  tooltipFields: Type.Optional(Type.Array(TooltipField, { maxItems: 6 })),
  triangulation: Type.Optional(Type.Partial(TriangulationSettings)),
  trails: Type.Optional(Type.Partial(TrailView)),
});
export type UserSettingsUpdate = Static<typeof UserSettingsUpdate>;

export const ViewOptionUpdate = Type.Object({
  key: StringEnum(VIEW_OPTION_KEYS),
  value: Type.Boolean(),
});
export type ViewOptionUpdate = Static<typeof ViewOptionUpdate>;

export const TooltipFieldsUpdate = Type.Object({
  tooltipFields: Type.Array(TooltipField, { maxItems: 6 }),
});
export type TooltipFieldsUpdate = Static<typeof TooltipFieldsUpdate>;

export const TriangulationUpdate = Type.Object({
  triangulation: Type.Partial(TriangulationSettings),
});
export type TriangulationUpdate = Static<typeof TriangulationUpdate>;

/** The console's app settings, stored per user and wrapped in `config` on the wire. */
export const AppSettings = Type.Object({
  endpoint: Type.Optional(Type.String({ maxLength: 500 })),
  pollInterval: Type.Optional(Type.Integer({ minimum: 1000, maximum: 60_000 })),
  defaultZoom: Type.Optional(Type.Number({ minimum: 0.1, maximum: 5 })),
  minZoom: Type.Optional(Type.Number({ minimum: 0.1, maximum: 2 })),
  maxZoom: Type.Optional(Type.Number({ minimum: 1, maximum: 10 })),
  defaultImage: Type.Optional(Type.String({ maxLength: 200 })),
  theme: Type.Optional(StringEnum(THEMES)),
  showTooltipsOnStartup: Type.Optional(Type.Boolean()),
  showSystemNotifications: Type.Optional(Type.Boolean()),
  rememberMapPosition: Type.Optional(Type.Boolean()),
});
export type AppSettings = Static<typeof AppSettings>;
export const SettingsResponse = SuccessWith({ config: AppSettings });
export type SettingsResponse = Static<typeof SettingsResponse>;
export const SettingsUpdate = Type.Object({ config: AppSettings });
export type SettingsUpdate = Static<typeof SettingsUpdate>;

/** Text labels: free-form content the console places on maps; only id and times are fixed. */
export const TextLabel = Type.Object(
  {
    id: Type.String(),
    _id: Type.String(),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  },
  { additionalProperties: true },
);
export type TextLabel = Static<typeof TextLabel>;

/** Label content that may be written: known-safe fields only (no mass assignment). */
export const TextLabelBody = Type.Object({
  text: Type.Optional(Type.String({ maxLength: 500 })),
  mapId: Type.Optional(Type.String({ maxLength: 64 })),
  position: Type.Optional(Type.Object({ x: Type.Number(), y: Type.Number() })),
  color: Type.Optional(Type.String({ maxLength: 32 })),
  fontSize: Type.Optional(Type.Number({ minimum: 6, maximum: 96 })),
});
export type TextLabelBody = Static<typeof TextLabelBody>;
export const [LabelsResponse, LabelResponse] = ResourceResponses('labels', 'label', TextLabel);
export type LabelsResponse = Static<typeof LabelsResponse>;
export type LabelResponse = Static<typeof LabelResponse>;
