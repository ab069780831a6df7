/**
 * Gateways of the current map keyed by MAC, with what the console changes before saving:
 * slider drafts (threshold and coverage, 'Unsaved Changes') and edit-mode positions.
 */
import { create } from 'zustand';
import {
  GATEWAY_ADD_DEFAULTS,
  gatewayLogicThreshold,
  type AvailableGateway,
  type Gateway,
  type GatewayMonitorBody,
  type Point,
} from '@rtls/contract';
import { fetchAvailableGateways } from '../../api/available.ts';
import * as api from '../../api/gateways.ts';
import { byMac, readAvailable, readByMac } from '../../state/by-mac.ts';
import { without } from '../../state/records.ts';
import { isRefusal } from '../maps/refusal.ts';

/** Unsaved slider values of one gateway. */
export interface GatewayDraft {
  logicThreshold?: number;
  viewRadius?: number;
}

interface GatewaysState {
  entities: Record<string, Gateway>;
  mapId: string | null;
  loading: boolean;
  error: string | null;
  /** The account's gateways (GET /gateways), keyed by MAC: names of gateways on other maps. */
  all: Record<string, Gateway>;
  /** The account's monitored gateways (GET /gateways/monitored), on any map. */
  monitored: Gateway[];
  available: AvailableGateway[];
  availableLoading: boolean;
  availableError: string | null;
  drafts: Record<string, GatewayDraft>;
  /** MACs whose slider save is in flight. */
  saving: Record<string, boolean>;
  /** Edit mode: dragged, not yet saved positions. */
  moved: Record<string, Point>;
  /** Edit mode: the gateway being dragged and where it is now (before it is dropped). */
  dragging: { mac: string; position: Point } | null;
  savingPositions: boolean;
  loadForMap: (mapId: string | null) => Promise<void>;
  /** GET /gateways; a failure is only logged (the list keeps what it had). */
  loadAll: () => Promise<void>;
  loadMonitored: () => Promise<void>;
  /** `days` undefined = all. */
  loadAvailable: (days?: number) => Promise<void>;
  addToMonitoring: (mac: string, body: GatewayMonitorBody) => Promise<void>;
  removeFromMonitoring: (mac: string) => Promise<void>;
  deleteGateway: (mac: string) => Promise<void>;
  rename: (mac: string, name: string) => Promise<void>;
  setDraft: (mac: string, draft: GatewayDraft) => void;
  cancelDraft: (mac: string) => void;
  /**
   * PATCH the sliders' values; the server locates with the saved threshold from then on. A refused
   * change (403/404) drops the draft; the error is rethrown for the row to show.
   */
  saveDraft: (mac: string) => Promise<void>;
  moveGateway: (mac: string, position: Point) => void;
  /** Follow a drag in progress (null when it ends); the markers are not redrawn for it. */
  dragGateway: (drag: { mac: string; position: Point } | null) => void;
  /** Persist every gateway's position and forget the moves. */
  savePositions: () => Promise<void>;
  /** Back to the map's saved configuration. */
  discardPositions: () => void;
  reset: () => void;
}

const initial = {
  entities: {},
  mapId: null,
  loading: false,
  error: null,
  all: {},
  monitored: [],
  available: [],
  availableLoading: false,
  availableError: null,
  drafts: {},
  saving: {},
  moved: {},
  dragging: null,
  savingPositions: false,
};

/** The gateway as displayed: saved values overlaid with drafts and moves. */
export function displayedGateway(
  g: Gateway,
  draft: GatewayDraft | undefined,
  moved: Point | undefined,
): Gateway {
  if (!draft && !moved) return g;
  return {
    ...g,
    ...(draft?.logicThreshold !== undefined ? { logicThreshold: draft.logicThreshold } : {}),
    ...(draft?.viewRadius !== undefined ? { viewRadius: draft.viewRadius } : {}),
    ...(moved ? { position: moved } : {}),
  };
}

/**
 * The threshold the sliders show: the server's rule (gatewayLogicThreshold), or the Add Gateway
 * default for a gateway that has none (the server then keeps all of its signals).
 */
export const gatewayThreshold = (g: Gateway) =>
  gatewayLogicThreshold(g) ?? GATEWAY_ADD_DEFAULTS.logicThreshold;

type Lists = Pick<GatewaysState, 'entities' | 'monitored' | 'all'>;

/** Put a saved gateway back everywhere it is listed. */
function withGateway(s: Lists, g: Gateway) {
  return {
    ...(s.entities[g.mac] ? { entities: { ...s.entities, [g.mac]: g } } : {}),
    monitored: s.monitored.map((o) => (o.mac === g.mac ? g : o)),
    all: { ...s.all, [g.mac]: g },
  };
}

const mapOf = (s: Lists, mac: string) =>
  (s.entities[mac] ?? s.monitored.find((g) => g.mac === mac))?.mapId ?? null;

/** Monitored gateways that are not on the current map (the list with the filter off). */
export const otherGateways = (s: Pick<GatewaysState, 'entities' | 'monitored' | 'mapId'>) =>
  s.monitored.filter((g) => !s.entities[g.mac] && g.mapId !== s.mapId);

/** A gateway's name: from the current map, the account's gateways, or else its MAC. */
export function gatewayName(mac: string): string {
  const s = useGatewaysStore.getState();
  return s.entities[mac]?.name ?? s.all[mac]?.name ?? mac;
}

export const useGatewaysStore = create<GatewaysState>((set, get) => ({
  ...initial,
  async loadForMap(mapId) {
    set({
      mapId,
      loading: mapId !== null,
      error: null,
      ...(mapId !== get().mapId ? { entities: {}, drafts: {}, moved: {} } : {}),
    });
    if (!mapId) return;
    try {
      const list = await api.fetchMapGateways(mapId);
      if (get().mapId !== mapId) return; // the user moved on to another map meanwhile
      set({ entities: byMac(list), loading: false });
    } catch (err) {
      set({ loading: false, error: (err as Error).message });
    }
  },
  async loadAll() {
    const all = await readByMac(api.fetchGateways, 'gateways');
    if (all) set({ all });
  },
  async loadMonitored() {
    try {
      set({ monitored: await api.fetchMonitoredGateways() });
    } catch (err) {
      set({ error: (err as Error).message });
    }
  },
  loadAvailable: (days) => readAvailable(set, () => fetchAvailableGateways(days)),
  async addToMonitoring(mac, body) {
    const g = await api.monitorGateway(mac, body);
    set((s) => ({
      entities: g.mapId === s.mapId ? { ...s.entities, [g.mac]: g } : s.entities,
      monitored: [...s.monitored.filter((o) => o.mac !== g.mac), g],
      all: { ...s.all, [g.mac]: g },
      available: s.available.map((a) => (a.mac === g.mac ? { ...a, isMonitored: true } : a)),
    }));
  },
  async removeFromMonitoring(mac) {
    await api.unmonitorGateway(mac);
    set((s) => ({
      entities: without(s.entities, mac),
      monitored: s.monitored.filter((g) => g.mac !== mac),
      available: s.available.map((a) => (a.mac === mac ? { ...a, isMonitored: false } : a)),
    }));
  },
  async deleteGateway(mac) {
    await api.deleteGateway(mac);
    set((s) => ({
      entities: without(s.entities, mac),
      monitored: s.monitored.filter((g) => g.mac !== mac),
      all: without(s.all, mac),
      drafts: without(s.drafts, mac),
    }));
  },
  async rename(mac, name) {
    const mapId = mapOf(get(), mac);
    const body = { name, customSettings: { displayName: name } };
    const g = mapId
      ? await api.updateMapGateway(mapId, mac, body)
      : await api.updateGateway(mac, body);
    set((s) => withGateway(s, g));
  },
  setDraft(mac, draft) {
    set((s) => ({ drafts: { ...s.drafts, [mac]: { ...s.drafts[mac], ...draft } } }));
  },
  cancelDraft(mac) {
    set((s) => ({ drafts: without(s.drafts, mac) }));
  },
  async saveDraft(mac) {
    const draft = get().drafts[mac];
    if (!draft) return;
    set((s) => ({ saving: { ...s.saving, [mac]: true } }));
    try {
      const g = await api.updateGatewaySettings(mac, {
        ...draft,
        mapId: mapOf(get(), mac) ?? undefined,
      });
      set((s) => ({ ...withGateway(s, g), drafts: without(s.drafts, mac) }));
    } catch (err) {
      // A refused change will not succeed on retry: the sliders go back to the saved values.
      if (isRefusal(err)) set((s) => ({ drafts: without(s.drafts, mac) }));
      throw err;
    } finally {
      set((s) => ({ saving: without(s.saving, mac) }));
    }
  },
  moveGateway(mac, position) {
    set((s) => ({ moved: { ...s.moved, [mac]: position }, dragging: null }));
  },
  dragGateway: (dragging) => set({ dragging }),
  async savePositions() {
    const { mapId, entities, moved } = get();
    set({ savingPositions: true });
    try {
      const saved = await Promise.all(
        Object.values(entities).map((g) => {
          const position = moved[g.mac] ?? g.position ?? undefined;
          return mapId
            ? api.updateMapGateway(mapId, g.mac, { position })
            : api.updateGateway(g.mac, { position });
        }),
      );
      set({ entities: Object.fromEntries(saved.map((g) => [g.mac, g])), moved: {} });
    } finally {
      set({ savingPositions: false });
    }
  },
  discardPositions() {
    if (Object.keys(get().moved).length === 0) return;
    set({ moved: {} });
    void get().loadForMap(get().mapId);
  },
  reset: () => set(initial),
}));
