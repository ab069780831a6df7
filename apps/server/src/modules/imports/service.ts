/**
 * ESPresense migration: a companion config becomes one map per floor (scale, floor plan drawn
 * from its rooms, walls from the rooms' edges) and its nodes named gateways placed on them, for
 * the importing user.
 */
import type { EspresenseImportResponse } from '@rtls/contract';
import { HttpError } from '../../lib/errors.ts';
import type { FloorModelsService } from '../floor-models/service.ts';
import type { GatewaysService } from '../gateways/service.ts';
import type { MapsService } from '../maps/service.ts';
import { readEspresenseConfig, type ImportedFloor } from './espresense-config.ts';
import { floorPlanSvg } from './floor-plan.ts';
import { roomWalls } from './room-walls.ts';

export type ImportResult = Omit<EspresenseImportResponse, 'success'>;

export function importsService(
  maps: MapsService,
  gateways: GatewaysService,
  floorModels: FloorModelsService,
) {
  /** Store the floor's walls on its map; what was left out and why, or null. */
  async function storeWalls(userId: string, mapId: string, floor: ImportedFloor) {
    const name = `${floor.name} (walls)`;
    const walls = roomWalls(
      floor.rooms.map((r) => r.points),
      floor.pixelsPerMetre,
    );
    if (!walls) return { name, reason: 'the rooms have too many edges to become walls' };
    try {
      await floorModels.replace(userId, mapId, walls.model);
      return null;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 400) return { name, reason: err.message };
      throw err;
    }
  }

  return {
    async espresense(userId: string, configText: string): Promise<ImportResult> {
      const plan = readEspresenseConfig(configText);
      const result: ImportResult = { maps: [], gateways: [], skipped: plan.skipped };
      const mapOfFloor = new Map<string, string>();
      for (const floor of plan.floors) {
        const map = await maps.create(userId, {
          name: floor.name,
          description: 'Imported from an ESPresense-companion configuration',
          metadata: { floor: floor.id },
          settings: {
            imageSize: floor.size,
            defaultCenter: { x: floor.size.width / 2, y: floor.size.height / 2 },
            pixelsPerMetre: floor.pixelsPerMetre,
          },
        });
        if (floor.rooms.length > 0) {
          await maps.setImage(userId, map._id, Buffer.from(floorPlanSvg(floor), 'utf8'));
          const left = await storeWalls(userId, map._id, floor);
          if (left) result.skipped.push(left);
        }
        mapOfFloor.set(floor.id, map._id);
        result.maps.push({ _id: map._id, name: floor.name, floor: floor.id, gateways: 0 });
      }
      for (const node of plan.nodes) {
        const mapId = mapOfFloor.get(node.floorId)!;
        await gateways.monitor(userId, node.mac, {
          name: node.name,
          mapId,
          position: node.position,
        });
        result.gateways.push({ mac: node.mac, name: node.name, mapId, position: node.position });
        result.maps.find((m) => m._id === mapId)!.gateways++;
      }
      return result;
    },
  };
}
export type ImportsService = ReturnType<typeof importsService>;
