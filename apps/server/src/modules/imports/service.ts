/**
 * ESPresense migration: a companion config becomes one map per floor (scale, floor plan drawn
 * from its rooms) and its nodes named gateways placed on them, for the importing user.
 */
import type { GatewaysService } from '../gateways/service.ts';
import type { MapsService } from '../maps/service.ts';
import { readEspresenseConfig } from './espresense-config.ts';
import { floorPlanSvg } from './floor-plan.ts';

export interface ImportResult {
  maps: { _id: string; name: string; floor: string; gateways: number }[];
  gateways: { mac: string; name: string; mapId: string; position: { x: number; y: number } }[];
  skipped: { name: string; reason: string }[];
}

export function importsService(maps: MapsService, gateways: GatewaysService) {
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
        if (floor.rooms.length > 0)
          await maps.setImage(userId, map._id, Buffer.from(floorPlanSvg(floor), 'utf8'));
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
