/**
 * Zones of the map on screen keyed by id, each device's presence there and each zone's occupancy
 * (loaded over REST, then kept live by the socket's presence and occupancy events), and the zone
 * being drawn or edited.
 */
import { errorText } from '../../api/http.ts';
import { create } from 'zustand';
import * as api from '../../api/zones.ts';
import { openMap } from '../../state/map-scoped-store.ts';
import { copyRecord, without } from '../../state/records.ts';
import { canSave, editDraft, newDraft, type ZoneDraft } from './zone-draft.ts';
import type { Zone, ZoneOccupancy, ZonePresence } from '@rtls/contract';

const VISIBLE_KEY = 'rtls.zones.visible';

interface ZonesState {
  mapId: string | null;
  entities: Record<string, Zone>;
  /** Zone id → devices inside it now. */
  occupancy: Record<string, number>;
  /** Devices on the map whose presence is unknown now (too uncertain or stale). */
  unknown: number;
  /** MAC → where the device is on this map. */
  presence: Record<string, ZonePresence>;
  loading: boolean;
  error: string | null;
  /** The View tab's toggle: the zones layer is drawn. */
  visible: boolean;
  draft: ZoneDraft | null;
  saving: boolean;
  loadForMap: (mapId: string | null) => Promise<void>;
  /** Re-read presence and occupancy (after a reconnect). */
  refreshPresence: () => Promise<void>;
  applyPresence: (items: readonly ZonePresence[]) => void;
  /** A map's occupancy (every zone listed); other maps' are ignored. */
  applyOccupancy: (occupancy: ZoneOccupancy) => void;
  /** The map's zones changed (someone else edited them): re-read them. */
  reloadZones: (mapId: string) => Promise<void>;
  setVisible: (visible: boolean) => void;
  startDrawing: () => void;
  startEditing: (zoneId: string) => void;
  changeDraft: (change: (d: ZoneDraft) => ZoneDraft) => void;
  cancelDraft: () => void;
  /** Create or update the drafted zone; the draft is kept (with the error) when that fails. */
  saveDraft: () => Promise<void>;
  deleteZone: (zoneId: string) => Promise<void>;
  reset: () => void;
}

const initial = {
  mapId: null,
  entities: {},
  occupancy: {},
  unknown: 0,
  presence: {},
  loading: false,
  error: null,
  draft: null,
  saving: false,
};

const counts = (o: ZoneOccupancy) => Object.fromEntries(o.zones.map((z) => [z.zoneId, z.count]));

const storedVisible = () => localStorage.getItem(VISIBLE_KEY) !== 'false';

/** Zones in the order lists show them: by name, in the language's collation. */
export const sortedZones = (entities: Record<string, Zone>) =>
  Object.values(entities).sort((a, b) => a.name.localeCompare(b.name));

export const useZonesStore = create<ZonesState>((set, get) => ({
  ...initial,
  visible: storedVisible(),
  async loadForMap(mapId) {
    if (!openMap(get, set, initial, mapId)) return;
    await get().reloadZones(mapId);
    await get().refreshPresence();
  },
  async reloadZones(mapId) {
    if (get().mapId !== mapId) return;
    try {
      const zones = await api.fetchZones(mapId);
      if (get().mapId !== mapId) return; // the user moved on to another map meanwhile
      set({ entities: Object.fromEntries(zones.map((z) => [z.id, z])), loading: false });
    } catch (err) {
      set({ loading: false, error: errorText(err) });
    }
  },
  async refreshPresence() {
    const mapId = get().mapId;
    if (!mapId) return;
    try {
      const { presence, occupancy } = await api.fetchPresence(mapId);
      if (get().mapId !== mapId) return;
      set({
        presence: Object.fromEntries(presence.map((p) => [p.mac, p])),
        occupancy: counts(occupancy),
        unknown: occupancy.unknown,
      });
    } catch (err) {
      console.error('Failed to fetch zone presence', err);
    }
  },
  applyPresence(items) {
    const mapId = get().mapId;
    const mine = items.filter((p) => p.mapId === mapId);
    if (mine.length === 0) return;
    set((s) => {
      const presence = copyRecord(s.presence);
      for (const p of mine) presence[p.mac] = p;
      return { presence };
    });
  },
  applyOccupancy(occupancy) {
    if (occupancy.mapId === get().mapId)
      set({ occupancy: counts(occupancy), unknown: occupancy.unknown });
  },
  setVisible(visible) {
    localStorage.setItem(VISIBLE_KEY, String(visible));
    set({ visible });
  },
  startDrawing: () => set({ draft: newDraft(), error: null }),
  startEditing(zoneId) {
    const zone = get().entities[zoneId];
    if (zone) set({ draft: editDraft(zone), error: null });
  },
  changeDraft(change) {
    const draft = get().draft;
    if (draft) set({ draft: change(draft) });
  },
  cancelDraft: () => set({ draft: null, error: null }),
  async saveDraft() {
    const { draft, mapId } = get();
    if (!draft || !mapId || !canSave(draft)) return;
    const body = {
      name: draft.name.trim(),
      color: draft.color,
      polygon: draft.vertices.map(({ x, y }) => ({ x, y })),
    };
    set({ saving: true, error: null });
    try {
      const zone = draft.zoneId
        ? await api.updateZone(mapId, draft.zoneId, body)
        : await api.createZone(mapId, body);
      if (get().mapId !== mapId) return;
      set((s) => ({ entities: { ...s.entities, [zone.id]: zone }, draft: null }));
    } catch (err) {
      set({ error: errorText(err) });
    } finally {
      set({ saving: false });
    }
  },
  async deleteZone(zoneId) {
    const mapId = get().mapId;
    if (!mapId) return;
    await api.deleteZone(mapId, zoneId);
    set((s) => ({
      entities: without(s.entities, zoneId),
      occupancy: without(s.occupancy, zoneId),
      ...(s.draft?.zoneId === zoneId ? { draft: null } : {}),
    }));
  },
  reset: () => set(initial),
}));
