/** Map list state: entities, own and shared lists, the current map, view mode, writes. */
import { create } from 'zustand';
import {
  PUBLIC_MAPS_DEFAULT_LIMIT,
  type MapCreateBody,
  type Point,
  type TrackingMap,
} from '@rtls/contract';
import {
  createMap,
  deleteMap,
  duplicateMap,
  fetchMap,
  fetchMaps,
  fetchPublicMaps,
  fetchSharedMaps,
  removeMapImage,
  saveMapPreset,
  updateMap,
  uploadMapImage,
} from '../../api/maps.ts';
import {
  formFromMap,
  NEW_MAP_BODY_SETTINGS,
  toUpdateBody,
  type MapFormValues,
} from './map-form.ts';
import { STORAGE_KEYS } from '../../constants.ts';

export type MapViewMode = 'tabs' | 'grid';

/** A map was created but its image upload failed; `cause` is the upload's ApiError. */
export class MapImageError extends Error {
  constructor(
    readonly mapId: string,
    override readonly cause: unknown,
  ) {
    super((cause as Error).message);
    this.name = 'MapImageError';
  }
}

/** What the create and edit forms hand to the store; `image` is uploaded after the map is saved. */
export interface MapWrite {
  values: MapFormValues;
  image?: File | null;
  removeImage?: boolean;
  onProgress?: (fraction: number) => void;
}

interface MapsState {
  entities: Record<string, TrackingMap>;
  userMaps: string[];
  sharedMaps: string[];
  /** Public maps of other people, a page at a time. */
  publicMaps: string[];
  /** How many public maps the pages so far held (own and shared ones included), for `skip`. */
  publicSeen: number;
  publicLoading: boolean;
  publicError: string | null;
  /** Whether the last public page was full, so another may follow. */
  publicMore: boolean;
  currentMapId: string | null;
  viewMode: MapViewMode;
  loading: boolean;
  error: string | null;
  load: () => Promise<void>;
  /** The first page of public maps, or the next one with `more`. */
  loadPublic: (more?: boolean) => Promise<void>;
  select: (id: string | null) => void;
  setViewMode: (mode: MapViewMode) => void;
  create: (write: MapWrite) => Promise<TrackingMap>;
  update: (id: string, write: MapWrite) => Promise<TrackingMap>;
  remove: (id: string) => Promise<void>;
  duplicate: (id: string) => Promise<TrackingMap>;
  savePreset: (id: string, view: { center: Point; zoom: number }) => Promise<void>;
  setPixelsPerMetre: (id: string, pixelsPerMetre: number) => Promise<void>;
  /** Owners make a map public (readable by every signed-in user) or private again. */
  setPublic: (id: string, isPublic: boolean) => Promise<void>;
  reset: () => void;
}

const initial = {
  entities: {},
  userMaps: [],
  sharedMaps: [],
  publicMaps: [],
  publicSeen: 0,
  publicLoading: false,
  publicError: null,
  publicMore: false,
  currentMapId: null,
  viewMode: 'tabs' as MapViewMode,
  loading: false,
  error: null,
};

export const useMapsStore = create<MapsState>((set, get) => {
  const put = (map: TrackingMap) => set((s) => ({ entities: { ...s.entities, [map._id]: map } }));
  return {
    ...initial,
    async load() {
      set({ loading: true, error: null });
      try {
        const [own, shared] = await Promise.all([fetchMaps(), fetchSharedMaps()]);
        const entities: Record<string, TrackingMap> = {};
        // Public maps already browsed stay (one may be open); own and shared ones take precedence.
        const before = get();
        for (const id of before.publicMaps)
          if (before.entities[id]) entities[id] = before.entities[id];
        for (const m of [...own, ...shared]) entities[m._id] = m;
        const mine = new Set([...own, ...shared].map((m) => m._id));
        // Restore the remembered map if it is known, otherwise the first available one.
        const remembered = localStorage.getItem(STORAGE_KEYS.lastMap);
        const current = get().currentMapId;
        const pick =
          (current && entities[current] && current) ||
          (remembered && entities[remembered] && remembered) ||
          own[0]?._id ||
          shared[0]?._id ||
          null;
        set({
          entities,
          userMaps: own.map((m) => m._id),
          sharedMaps: shared.map((m) => m._id),
          publicMaps: before.publicMaps.filter((id) => !mine.has(id)),
          loading: false,
        });
        get().select(pick);
      } catch (err) {
        set({ loading: false, error: (err as Error).message });
      }
    },
    async loadPublic(more = false) {
      const skip = more ? get().publicSeen : 0;
      set({ publicLoading: true, publicError: null });
      try {
        const page = await fetchPublicMaps(PUBLIC_MAPS_DEFAULT_LIMIT, skip);
        const s = get();
        const mine = new Set([...s.userMaps, ...s.sharedMaps]);
        const others = page.filter((m) => !mine.has(m._id));
        const entities = { ...s.entities };
        for (const m of others) entities[m._id] = m;
        const kept = more ? s.publicMaps : [];
        set({
          entities,
          publicMaps: [...kept, ...others.map((m) => m._id).filter((id) => !kept.includes(id))],
          publicSeen: skip + page.length,
          publicMore: page.length === PUBLIC_MAPS_DEFAULT_LIMIT,
          publicLoading: false,
        });
      } catch (err) {
        set({ publicLoading: false, publicError: (err as Error).message });
      }
    },
    select(id) {
      const changed = id !== get().currentMapId;
      if (id) localStorage.setItem(STORAGE_KEYS.lastMap, id);
      set({ currentMapId: id });
      // Opening a map loads it; the server counts the access, so the cards stay current.
      if (id && changed)
        void fetchMap(id)
          .then((map) => {
            if (get().entities[id]) put(map);
          })
          .catch(() => undefined);
    },
    setViewMode: (viewMode) => set({ viewMode }),
    // Create, then upload with the new _id, then reload the list; the new map becomes current.
    async create({ values, image, onProgress }) {
      const created = await createMap({
        ...toUpdateBody(values),
        isPublic: false,
        settings: NEW_MAP_BODY_SETTINGS,
      } satisfies MapCreateBody);
      let uploadError: unknown = null;
      if (image)
        await uploadMapImage(created._id, image, onProgress).catch((err: unknown) => {
          uploadError = err;
        });
      set({ currentMapId: created._id });
      await get().load();
      get().select(created._id);
      // The map exists even when its image failed: the caller learns which map, to offer a retry.
      if (uploadError) throw new MapImageError(created._id, uploadError);
      return get().entities[created._id] ?? created;
    },
    async update(id, { values, image, removeImage, onProgress }) {
      const existing = get().entities[id];
      if (!existing) throw new Error(`unknown map ${id}`);
      let map = await updateMap(id, toUpdateBody(values, existing));
      if (removeImage && !image && existing.settings.backgroundImage)
        map = await removeMapImage(id);
      if (image) map = await uploadMapImage(id, image, onProgress);
      put(map);
      return map;
    },
    // Deleting the current map switches to the first remaining own or shared map, or none.
    async remove(id) {
      await deleteMap(id);
      const s = get();
      const entities = { ...s.entities };
      delete entities[id];
      const userMaps = s.userMaps.filter((m) => m !== id);
      const sharedMaps = s.sharedMaps.filter((m) => m !== id);
      const publicMaps = s.publicMaps.filter((m) => m !== id);
      set({ entities, userMaps, sharedMaps, publicMaps });
      localStorage.removeItem(STORAGE_KEYS.mapViewPrefix + id);
      if (s.currentMapId === id) {
        if (localStorage.getItem(STORAGE_KEYS.lastMap) === id)
          localStorage.removeItem(STORAGE_KEYS.lastMap);
        get().select(userMaps[0] ?? sharedMaps[0] ?? null);
      }
    },
    // Duplicating adds the copy to the user's maps.
    async duplicate(id) {
      const copy = await duplicateMap(id);
      set((s) => ({
        entities: { ...s.entities, [copy._id]: copy },
        userMaps: [...s.userMaps.filter((m) => m !== copy._id), copy._id],
      }));
      return copy;
    },
    async savePreset(id, view) {
      const savedView = await saveMapPreset(id, view);
      const map = get().entities[id];
      if (map) put({ ...map, settings: { ...map.settings, savedView } });
    },
    async setPixelsPerMetre(id, pixelsPerMetre) {
      const map = get().entities[id];
      if (!map) throw new Error(`unknown map ${id}`);
      const body = toUpdateBody(formFromMap(map), map);
      put(await updateMap(id, { ...body, settings: { ...body.settings, pixelsPerMetre } }));
    },
    async setPublic(id, isPublic) {
      const map = get().entities[id];
      if (!map) throw new Error(`unknown map ${id}`);
      put(await updateMap(id, { ...toUpdateBody(formFromMap(map), map), isPublic }));
    },
    reset: () => set(initial),
  };
});

export const useCurrentMap = () =>
  useMapsStore((s) => (s.currentMapId ? s.entities[s.currentMapId] : undefined));

/** Own maps first, then shared ones, then the current map when it is someone's public map. */
export const useAllMaps = () => {
  const entities = useMapsStore((s) => s.entities);
  const userMaps = useMapsStore((s) => s.userMaps);
  const sharedMaps = useMapsStore((s) => s.sharedMaps);
  const current = useMapsStore((s) => s.currentMapId);
  const ids = [...userMaps, ...sharedMaps];
  if (current && !ids.includes(current) && entities[current]) ids.push(current);
  return ids.flatMap((id) => (entities[id] ? [entities[id]] : []));
};

/** Other people's public maps loaded so far, as entities. */
export const usePublicMaps = () => {
  const entities = useMapsStore((s) => s.entities);
  const ids = useMapsStore((s) => s.publicMaps);
  return ids.flatMap((id) => (entities[id] ? [entities[id]] : []));
};
