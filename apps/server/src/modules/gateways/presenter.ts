/** Gateway rows → the contract's Gateway, with the threshold and view radius fallbacks. */
import { DEFAULT_GATEWAY_VIEW_RADIUS, gatewayLogicThreshold, type Gateway } from '@rtls/contract';
import type { GatewayRow } from './repository.ts';

const DAY_MS = 86_400_000;

export function presentGateway(row: GatewayRow, now = Date.now()): Gateway {
  const cs = row.custom_settings ?? {};
  const lastSeen = row.last_seen ? new Date(row.last_seen) : null;
  return {
    _id: row.id,
    mac: row.mac,
    // A gateway still named by its MAC was never named by anyone: its firmware's name shows.
    name: cs.displayName || (row.name === row.mac && row.heard_name) || row.name,
    position:
      row.position_x === null || row.position_y === null
        ? null
        : { x: row.position_x, y: row.position_y },
    radius: row.radius,
    viewRadius: cs.viewRadius ?? DEFAULT_GATEWAY_VIEW_RADIUS,
    logicThreshold: gatewayLogicThreshold({ customSettings: cs }),
    maxRSSI: cs.maxRSSI ?? null,
    customSettings: cs,
    mapId: row.map_id,
    lastSeen: lastSeen ? lastSeen.toISOString() : null,
    daysSinceLastSeen: lastSeen ? Math.floor((now - lastSeen.getTime()) / DAY_MS) : null,
    isMonitored: row.is_monitored,
    isAvailableInAPI: lastSeen !== null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
