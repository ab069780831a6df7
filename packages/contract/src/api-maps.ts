/** Map and collaborator calls: bodies and responses. */
import { Type, type Static } from '@sinclair/typebox';
import { NameField, ResourceResponses, SuccessWith } from './api-common.ts';
import { PUBLIC_MAPS_DEFAULT_LIMIT, PUBLIC_MAPS_DEFAULT_SKIP } from './constants.ts';
import { Device, MapSettings, Point, TrackingMap } from './entities.ts';
import { StringEnum } from './schema-helpers.ts';

export const MapMetadataBody = Type.Object({
  buildingName: Type.Optional(Type.String({ maxLength: 200 })),
  floor: Type.Optional(Type.String({ maxLength: 50 })),
});

/** Settings a client may write; the background image changes only by upload. */
export const MapSettingsBody = Type.Omit(MapSettings, ['backgroundImage']);

export const MapCreateBody = Type.Object({
  name: NameField,
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  isPublic: Type.Optional(Type.Boolean()),
  metadata: Type.Optional(MapMetadataBody),
  settings: Type.Optional(MapSettingsBody),
});
export type MapCreateBody = Static<typeof MapCreateBody>;
export const MapUpdateBody = MapCreateBody;
export type MapUpdateBody = MapCreateBody;

/** GET /maps/public: a page of other people's public maps. */
export const PublicMapsQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: PUBLIC_MAPS_DEFAULT_LIMIT }),
  skip: Type.Integer({ minimum: 0, default: PUBLIC_MAPS_DEFAULT_SKIP }),
});
export type PublicMapsQuery = Static<typeof PublicMapsQuery>;

export const [MapsResponse, MapResponse] = ResourceResponses('maps', 'map', TrackingMap);
export type MapsResponse = Static<typeof MapsResponse>;
export type MapResponse = Static<typeof MapResponse>;
export const MapPresetBody = Type.Object({
  center: Point,
  zoom: Type.Number({ minimum: 1e-5, maximum: 100 }),
});
export type MapPresetBody = Static<typeof MapPresetBody>;
export const MapPresetResponse = SuccessWith({
  savedView: Type.Object({ center: Point, zoom: Type.Number() }),
});
export type MapPresetResponse = Static<typeof MapPresetResponse>;

/** The roles a collaborator can have on a map (the owner is not a collaborator). */
export const COLLABORATOR_ROLES = ['editor', 'viewer'] as const;
export const CollaboratorRole = StringEnum(COLLABORATOR_ROLES);
export type CollaboratorRole = Static<typeof CollaboratorRole>;

export const Collaborator = Type.Object({
  userId: Type.String(),
  role: CollaboratorRole,
  email: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  addedAt: Type.String(),
});
export type Collaborator = Static<typeof Collaborator>;

export const CollaboratorBody = Type.Object({
  userId: Type.String({ minLength: 1, maxLength: 254, description: 'User id, e-mail or slug' }),
  role: CollaboratorRole,
});
export type CollaboratorBody = Static<typeof CollaboratorBody>;
export const CollaboratorRoleBody = Type.Object({ role: CollaboratorRole });
export type CollaboratorRoleBody = Static<typeof CollaboratorRoleBody>;
export const [CollaboratorsResponse, CollaboratorResponse] = ResourceResponses(
  'collaborators',
  'collaborator',
  Collaborator,
);
export type CollaboratorsResponse = Static<typeof CollaboratorsResponse>;
export type CollaboratorResponse = Static<typeof CollaboratorResponse>;

/**
 * GET /maps/{id}/devices: the devices located on one map now, for anyone who may read the map
 * (owner, collaborators, any signed-in user on a public map). Each device's `position`,
 * `triangulationInfo` and `mapId` are those of this map; the console polls it while its live
 * connection is down.
 */
export const MapDevicesResponse = SuccessWith({ devices: Type.Array(Device) });
export type MapDevicesResponse = Static<typeof MapDevicesResponse>;
