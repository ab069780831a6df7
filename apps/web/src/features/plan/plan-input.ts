/**
 * The layout the predicted-accuracy layer draws: the map's placed gateways as shown (slider drafts,
 * edit-mode moves and a drag in progress), less the one left out, over the map's floor model, in
 * metres (through the frame the server locates with).
 */
import { gatewayLogicThreshold, type FloorModel, type Gateway, type Point } from '@rtls/contract';
import { buildFrame, type FrameGateway, type PlanInput } from '@rtls/positioning';
import type { TrackingMap } from '@rtls/contract';
import { imageSize } from '../../map/crs.ts';
import { displayedGateway, type GatewayDraft } from '../gateways/gateways-store.ts';

/** What of the console's state the layout is made of. */
export interface PlanSource {
  map: TrackingMap;
  gateways: Record<string, Gateway>;
  drafts: Record<string, GatewayDraft>;
  moved: Record<string, Point>;
  dragging: { mac: string; position: Point } | null;
  floorModel: FloorModel | null;
  /** MAC of the gateway left out, or null. */
  without: string | null;
}

/** The prediction's input for this state, and the scale to bring its metres back to pixels. */
export function planInput(src: PlanSource): { input: PlanInput; pixelsPerMetre: number } {
  const placed: FrameGateway[] = [];
  for (const saved of Object.values(src.gateways)) {
    if (saved.mac === src.without) continue;
    const drag = src.dragging?.mac === saved.mac ? src.dragging.position : undefined;
    const g = displayedGateway(saved, src.drafts[saved.mac], drag ?? src.moved[saved.mac]);
    placed.push({
      mac: g.mac,
      position: g.position ?? null,
      maxRSSI: g.customSettings.maxRSSI ?? g.maxRSSI ?? null,
      logicThreshold: gatewayLogicThreshold(g),
    });
  }
  const frame = buildFrame({ ...src.map, floorModel: src.floorModel }, placed);
  const { width, height } = imageSize(src.map.settings);
  const ppm = frame.pixelsPerMetre;
  return {
    input: {
      anchors: frame.anchors,
      width: width / ppm,
      height: height / ppm,
      floor: frame.floor ?? null,
    },
    pixelsPerMetre: ppm,
  };
}
