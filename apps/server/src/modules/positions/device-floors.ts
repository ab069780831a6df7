/**
 * Which floor of each building a device is on: of the maps a device is heard on, the floors of a
 * building other than the one its floor choice shows are dropped before it is located.
 */
import { createFloorChoice, type FloorChoice, type LinkSummary } from '@rtls/positioning';
import type { OwnerBuilding, OwnerFrames } from './frames.ts';

/** A device's floor choice per building, kept while the building's floors stay the same. */
export type FloorChoices = Map<string, { of: OwnerBuilding; choice: FloorChoice }>;

/** What the floor choice reads and keeps of a device. */
interface DeviceFloors {
  floors: FloorChoices;
  /** Where the device is now, per map (map pixels). */
  located: ReadonlyMap<string, { position: { x: number; y: number } }>;
}

/** The server moved a device from one floor (map) of a building to another. */
export interface FloorChange {
  buildingId: string;
  /** The floors' maps and levels. */
  from: string;
  to: string;
  fromLevel: number;
  toLevel: number;
  /** When it was decided (ms). */
  at: number;
}

/** How near stairs or a lift (m) a device moves between floors more readily. */
const NEAR_LINK_M = 4;

/**
 * Of the maps a device is heard on, drop the floors of a building it is not on: a device heard on
 * several floors of one building is located on the floor its choice shows, and on no other.
 * Returns the moves from one floor to another this decided; the first floor a device is shown on
 * in a building is no move.
 */
export function keepOneFloor(
  state: DeviceFloors,
  owner: OwnerFrames,
  heard: Map<string, LinkSummary[]>,
  now: number,
): FloorChange[] {
  const changes: FloorChange[] = [];
  const byBuilding = new Map<string, string[]>();
  for (const mapId of heard.keys()) {
    const b = owner.maps.get(mapId)?.buildingId;
    if (b !== undefined) byBuilding.set(b, [...(byBuilding.get(b) ?? []), mapId]);
  }
  for (const id of state.floors.keys()) if (!byBuilding.has(id)) state.floors.delete(id);
  for (const [id, mapIds] of byBuilding) {
    const building = owner.buildings.get(id)!;
    let held = state.floors.get(id);
    // Frames reloaded with the same floors and gateways keep the choice (and its hysteresis).
    if (!held || !sameFloors(held.of, building)) {
      held = { of: building, choice: createFloorChoice(building.floors) };
      state.floors.set(id, held);
    }
    const readings = mapIds.flatMap((m) => heard.get(m)!);
    const near = nearLink(state, owner, building, held.choice);
    const before = held.choice.floor;
    const floor = held.choice.update(readings, now, near).floor;
    if (before !== null && floor !== null && floor !== before)
      changes.push({
        buildingId: id,
        from: before,
        to: floor,
        fromLevel: building.floors.get(before)?.level ?? 0,
        toLevel: building.floors.get(floor)?.level ?? 0,
        at: now,
      });
    for (const m of mapIds) if (m !== floor) heard.delete(m);
  }
  return changes;
}

/** Whether two loads of a building have the same floors, levels and gateways. */
function sameFloors(a: OwnerBuilding, b: OwnerBuilding): boolean {
  if (a === b) return true;
  if (a.floors.size !== b.floors.size) return false;
  for (const [mapId, f] of a.floors) {
    const g = b.floors.get(mapId);
    if (!g || g.level !== f.level || g.gateways.size !== f.gateways.size) return false;
    for (const mac of f.gateways) if (!g.gateways.has(mac)) return false;
  }
  return true;
}

/** Whether the device stands by stairs or a lift of the floor it is shown on. */
function nearLink(
  state: DeviceFloors,
  owner: OwnerFrames,
  building: OwnerBuilding,
  choice: FloorChoice,
): boolean {
  const floor = choice.floor;
  const at = floor === null ? undefined : state.located.get(floor)?.position;
  if (floor === null || !at) return false;
  const reach = NEAR_LINK_M * owner.maps.get(floor)!.frame.pixelsPerMetre;
  return (building.links.get(floor) ?? []).some((s) => Math.hypot(s.x - at.x, s.y - at.y) <= reach);
}
