/** Map calls: reads, create, update, delete, duplicate, preset, image upload and removal. */
import {
  API_ERRORS,
  type ErrorBody,
  PUBLIC_MAPS_DEFAULT_LIMIT,
  PUBLIC_MAPS_DEFAULT_SKIP,
  type MapCreateBody,
  type MapDevicesResponse,
  type MapPresetBody,
  type MapPresetResponse,
  type MapResponse,
  type MapsResponse,
  type MapUpdateBody,
  type PublicMapsQuery,
  type TrackingMap,
} from '@rtls/contract';
import { API_BASE, ApiError, apiRequest } from './http.ts';
import { getToken } from './token.ts';

const mapPath = (id: string) => `/maps/${encodeURIComponent(id)}`;

export const fetchMaps = async () =>
  (await apiRequest<MapsResponse>('/maps', { error: 'fetchMaps' })).maps;
export const fetchSharedMaps = async () =>
  (await apiRequest<MapsResponse>('/maps/shared', { error: 'fetchSharedMaps' })).maps;
/** Public maps, a page at a time (20 from the first unless told). */
export const fetchPublicMaps = async (
  limit = PUBLIC_MAPS_DEFAULT_LIMIT,
  skip = PUBLIC_MAPS_DEFAULT_SKIP,
) =>
  (
    await apiRequest<MapsResponse>('/maps/public', {
      query: { limit, skip } satisfies PublicMapsQuery,
      error: 'fetchPublicMaps',
    })
  ).maps;
export const fetchMap = async (id: string) =>
  (await apiRequest<MapResponse>(mapPath(id), { error: 'fetchMap' })).map;
/** The devices the server located on one map, with that map's positions (anyone who may read it). */
export const fetchMapDevices = async (id: string) =>
  (await apiRequest<MapDevicesResponse>(`${mapPath(id)}/devices`, { error: 'fetchDevices' }))
    .devices;

export const createMap = async (body: MapCreateBody) =>
  (await apiRequest<MapResponse>('/maps', { method: 'POST', body, error: 'createMap' })).map;
export const updateMap = async (id: string, body: MapUpdateBody) =>
  (await apiRequest<MapResponse>(mapPath(id), { method: 'PUT', body, error: 'updateMap' })).map;
export const deleteMap = async (id: string) => {
  await apiRequest(mapPath(id), { method: 'DELETE', error: 'deleteMap' });
};
export const duplicateMap = async (id: string) =>
  (
    await apiRequest<MapResponse>(`${mapPath(id)}/duplicate`, {
      method: 'POST',
      error: 'duplicateMap',
    })
  ).map;
/** Saves settings.savedView; the answer is the stored view. */
export const saveMapPreset = async (id: string, view: MapPresetBody) =>
  (
    await apiRequest<MapPresetResponse>(`${mapPath(id)}/preset`, {
      method: 'PATCH',
      body: view,
      error: 'saveMapPreset',
    })
  ).savedView;
export const removeMapImage = async (id: string) =>
  (
    await apiRequest<MapResponse>(`${mapPath(id)}/image`, {
      method: 'DELETE',
      error: 'removeImage',
    })
  ).map;

/**
 * Uploads a background image (multipart field `image`). XMLHttpRequest rather than fetch, because
 * only it reports upload progress; `onProgress` gets a fraction from 0 to 1.
 */
export function uploadMapImage(
  id: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<TrackingMap> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const fail = (status: number, detail?: string) =>
      reject(new ApiError(API_ERRORS.uploadImage, status, detail));
    xhr.open('POST', `${API_BASE}${mapPath(id)}/upload-image`);
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => fail(0, 'network error');
    xhr.onload = () => {
      let body: Partial<Pick<MapResponse, 'map'> & Pick<ErrorBody, 'message'>> = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        /* not JSON: the status decides */
      }
      if (xhr.status < 200 || xhr.status >= 300 || !body.map) return fail(xhr.status, body.message);
      onProgress?.(1);
      resolve(body.map);
    };
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}
