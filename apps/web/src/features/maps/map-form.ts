/** The create/edit form's values, its image checks, and the request bodies built from them. */
import {
  IMAGE_UPLOAD_MAX_BYTES,
  NEW_MAP_SETTINGS,
  type MapUpdateBody,
  type TrackingMap,
} from '@rtls/contract';

export interface MapFormValues {
  name: string;
  description: string;
  buildingName: string;
  floor: string;
}

export const EMPTY_FORM: MapFormValues = { name: '', description: '', buildingName: '', floor: '' };

export const formFromMap = (m: TrackingMap): MapFormValues => ({
  name: m.name,
  description: m.description ?? '',
  buildingName: m.metadata.buildingName ?? '',
  floor: m.metadata.floor ?? '',
});

/** New map settings (NEW_MAP_SETTINGS): image 1200×800, centre 600,400, zoom 1, min 0.1, max 15. */
export const NEW_MAP_BODY_SETTINGS = {
  imageSize: { ...NEW_MAP_SETTINGS.imageSize },
  defaultCenter: { ...NEW_MAP_SETTINGS.defaultCenter },
  defaultZoom: NEW_MAP_SETTINGS.defaultZoom,
  minZoom: NEW_MAP_SETTINGS.minZoom,
  maxZoom: NEW_MAP_SETTINGS.maxZoom,
};

/**
 * Update payload: name, description, isPublic, metadata merged with the existing one,
 * settings copied from the map (without the image path, which changes only by upload).
 */
export function toUpdateBody(v: MapFormValues, existing?: TrackingMap): MapUpdateBody {
  const settings = { ...(existing?.settings ?? {}) };
  delete settings.backgroundImage;
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    isPublic: existing?.isPublic ?? false,
    metadata: {
      ...(existing?.metadata ?? {}),
      buildingName: v.buildingName.trim(),
      floor: v.floor.trim(),
    },
    ...(existing ? { settings } : {}),
  };
}

export type ImageProblem = 'notImage' | 'tooLarge';

/** An image MIME type, at most IMAGE_UPLOAD_MAX_BYTES (10 MB). */
export function checkImage(file: File): ImageProblem | null {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return 'tooLarge';
  return null;
}

/** Of several dropped files, the first image; otherwise the first file, to be refused. */
export const pickDropped = (files: File[]): File | undefined =>
  files.find((f) => f.type.startsWith('image/')) ?? files[0];
