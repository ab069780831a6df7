/**
 * Gateway rules. Gateways are keyed by MAC within an account. A gateway placed on a map belongs to
 * the map owner's account (its reports arrive through the owner's ingest keys), so an editor who
 * places one on a shared map configures it for the owner.
 */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_GATEWAY_VIEW_RADIUS,
  GATEWAY_ADD_DEFAULTS,
  normaliseMac,
  type GatewayCreateBody,
  type GatewayCustomSettings,
  type GatewayMonitorBody,
  type GatewaySettingsBody,
  type GatewayUpdateBody,
} from '@rtls/contract';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { assertCan } from '../maps/access.ts';
import type { MapsRepository } from '../maps/repository.ts';
import { presentGateway } from './presenter.ts';
import type {
  GatewayPlacement as Placement,
  GatewayRow,
  GatewaysRepository,
} from './repository.ts';

const pathKey = (id: string) => normaliseMac(id) ?? id;

function requireMac(raw: string): string {
  const mac = normaliseMac(raw);
  if (!mac) throw badRequest('The MAC address is not valid (expected XX:XX:XX:XX:XX:XX)');
  return mac;
}

/**
 * `changed` hears of every saved or removed gateway, with its owner: positions are re-located
 * with the new placement, threshold or radius at once.
 */
export function gatewaysService(
  repo: GatewaysRepository,
  maps: MapsRepository,
  changed: (ownerId: string) => void = () => undefined,
) {
  async function save(ownerId: string, mac: string, prev: GatewayRow | null, p: Placement) {
    await repo.upsert({ id: prev?.id ?? randomUUID(), ownerId, mac, ...p });
    changed(ownerId);
    return presentGateway((await repo.find(ownerId, mac))!);
  }
  const placementOf = (g: GatewayRow): Placement => ({
    name: g.name,
    mapId: g.map_id,
    x: g.position_x ?? GATEWAY_ADD_DEFAULTS.position.x,
    y: g.position_y ?? GATEWAY_ADD_DEFAULTS.position.y,
    radius: g.radius,
    customSettings: g.custom_settings,
    isMonitored: g.is_monitored,
  });
  /** The map must be one the user may edit; returns its owner. */
  async function editableMap(userId: string, mapId: string) {
    return assertCan(await maps.visible(userId, mapId), 'edit');
  }
  async function own(ownerId: string, key: string) {
    const row = await repo.find(ownerId, pathKey(key));
    if (!row) throw notFound('Gateway');
    return row;
  }

  return {
    all: async (userId: string) => (await repo.all(userId)).map((g) => presentGateway(g)),
    monitored: async (userId: string) =>
      (await repo.monitored(userId)).map((g) => presentGateway(g)),
    userAll: async (userId: string) =>
      (await repo.visibleToUser(userId)).map((g) => presentGateway(g)),

    async onMap(userId: string, mapId: string) {
      assertCan(await maps.visible(userId, mapId), 'read');
      return (await repo.onMap(mapId)).map((g) => presentGateway(g));
    },

    async create(userId: string, body: GatewayCreateBody) {
      const mac = requireMac(body.mac);
      if (await repo.find(userId, mac)) throw conflict('A gateway with this MAC already exists');
      if (body.mapId) await editableMap(userId, body.mapId);
      return save(userId, mac, null, {
        name: body.name?.trim() || (await repo.heardName(userId, mac)) || mac,
        mapId: body.mapId ?? null,
        x: body.position?.x ?? GATEWAY_ADD_DEFAULTS.position.x,
        y: body.position?.y ?? GATEWAY_ADD_DEFAULTS.position.y,
        radius: body.radius ?? DEFAULT_GATEWAY_VIEW_RADIUS,
        customSettings: body.customSettings ?? {},
        isMonitored: false,
      });
    },

    async update(userId: string, key: string, body: GatewayUpdateBody) {
      const row = await own(userId, key);
      if (body.mapId) await editableMap(userId, body.mapId);
      const p = placementOf(row);
      return save(userId, row.mac, row, {
        ...p,
        name: body.name?.trim() ?? p.name,
        mapId: body.mapId === undefined ? p.mapId : body.mapId,
        x: body.position?.x ?? p.x,
        y: body.position?.y ?? p.y,
        radius: body.radius ?? p.radius,
        customSettings: { ...p.customSettings, ...body.customSettings },
      });
    },

    async remove(userId: string, key: string) {
      await repo.remove((await own(userId, key)).id);
      changed(userId);
    },

    /** The console's sliders: RSSI threshold and coverage radius, saved per gateway. */
    async updateSettings(userId: string, key: string, body: GatewaySettingsBody) {
      // The map first: a gateway lookup on a map the caller cannot see must not reveal the map.
      if (body.mapId) await editableMap(userId, body.mapId);
      const row = body.mapId
        ? await repo.findOnMap(body.mapId, pathKey(key))
        : await repo.find(userId, pathKey(key));
      if (!row) throw notFound('Gateway');
      if (row.map_id) await editableMap(userId, row.map_id);
      else if (row.owner_id !== userId) throw notFound('Gateway');
      const cs = { ...row.custom_settings };
      if (body.logicThreshold !== undefined) cs.logicThreshold = body.logicThreshold;
      if (body.viewRadius !== undefined) cs.viewRadius = body.viewRadius;
      return save(row.owner_id, row.mac, row, { ...placementOf(row), customSettings: cs });
    },

    /** Add to monitoring with the Add Gateway dialog's settings (GATEWAY_ADD_DEFAULTS for the rest). */
    async monitor(userId: string, key: string, body: GatewayMonitorBody) {
      const mac = requireMac(key);
      const ownerId = body.mapId ? (await editableMap(userId, body.mapId)).owner_id : userId;
      const prev = await repo.find(ownerId, mac);
      const extras: GatewayCustomSettings = {};
      for (const k of [
        'displayName',
        'color',
        'showCoverage',
        'logicThreshold',
        'maxRSSI',
      ] as const) {
        if (body[k] !== undefined) (extras as Record<string, unknown>)[k] = body[k];
      }
      return save(ownerId, mac, prev, {
        name: body.name?.trim() || prev?.name || (await repo.heardName(ownerId, mac)) || mac,
        mapId: body.mapId === undefined ? (prev?.map_id ?? null) : body.mapId,
        x: body.position?.x ?? prev?.position_x ?? GATEWAY_ADD_DEFAULTS.position.x,
        y: body.position?.y ?? prev?.position_y ?? GATEWAY_ADD_DEFAULTS.position.y,
        radius: body.radius ?? prev?.radius ?? GATEWAY_ADD_DEFAULTS.radius,
        customSettings: {
          color: GATEWAY_ADD_DEFAULTS.color,
          logicThreshold: GATEWAY_ADD_DEFAULTS.logicThreshold,
          maxRSSI: GATEWAY_ADD_DEFAULTS.maxRSSI,
          ...prev?.custom_settings,
          ...body.settings,
          ...extras,
        },
        isMonitored: true,
      });
    },

    async unmonitor(userId: string, key: string) {
      const row = await own(userId, key);
      return save(userId, row.mac, row, { ...placementOf(row), isMonitored: false });
    },

    /** Place (or re-place) a gateway on a map the user may edit. */
    async addToMap(userId: string, mapId: string, body: GatewayCreateBody) {
      const map = await editableMap(userId, mapId);
      const mac = requireMac(body.mac);
      const prev = await repo.find(map.owner_id, mac);
      const p = prev ? placementOf(prev) : null;
      return save(map.owner_id, mac, prev, {
        name: body.name?.trim() || p?.name || (await repo.heardName(map.owner_id, mac)) || mac,
        mapId,
        x: body.position?.x ?? p?.x ?? GATEWAY_ADD_DEFAULTS.position.x,
        y: body.position?.y ?? p?.y ?? GATEWAY_ADD_DEFAULTS.position.y,
        radius: body.radius ?? p?.radius ?? DEFAULT_GATEWAY_VIEW_RADIUS,
        customSettings: { ...p?.customSettings, ...body.customSettings },
        isMonitored: true,
      });
    },

    async updateOnMap(userId: string, mapId: string, key: string, body: GatewayUpdateBody) {
      await editableMap(userId, mapId);
      const row = await repo.findOnMap(mapId, pathKey(key));
      if (!row) throw notFound('Gateway');
      const p = placementOf(row);
      return save(row.owner_id, row.mac, row, {
        ...p,
        name: body.name?.trim() ?? p.name,
        x: body.position?.x ?? p.x,
        y: body.position?.y ?? p.y,
        radius: body.radius ?? p.radius,
        customSettings: { ...p.customSettings, ...body.customSettings },
      });
    },

    async removeFromMap(userId: string, mapId: string, key: string) {
      await editableMap(userId, mapId);
      const row = await repo.findOnMap(mapId, pathKey(key));
      if (!row) throw notFound('Gateway');
      await save(row.owner_id, row.mac, row, { ...placementOf(row), mapId: null });
    },
  };
}
export type GatewaysService = ReturnType<typeof gatewaysService>;
