/**
 * What the demo gateways hear from a tag standing still on the demo floor, as the simulator's
 * radio gives it without noise (−50 dBm at 1 m, exponent 2.2, 4 dB a wall up to 12 dB, gateways on
 * the ceiling), those under the demo's −95 dBm threshold left out: steady reports the server
 * locates near that spot.
 */
import {
  DEMO_GATEWAYS,
  DEMO_LOGIC_THRESHOLD,
  GATEWAY_HEIGHT_M,
  TAG_HEIGHT_M,
} from '../../apps/server/src/simulator/building.ts';
import { wallsBetween } from '../../apps/server/src/simulator/plan.ts';
import { INDOOR_BLE, meanRssi } from '../../apps/server/src/simulator/radio.ts';

/** Gateway MAC → RSSI (dBm, whole) for a tag at (x, y) metres on the demo floor. */
export function heardAt(x: number, y: number): Record<string, number> {
  const heard: Record<string, number> = {};
  for (const g of DEMO_GATEWAYS) {
    const d = Math.hypot(g.x - x, g.y - y, GATEWAY_HEIGHT_M - TAG_HEIGHT_M);
    const rssi = Math.round(meanRssi(INDOOR_BLE, d, wallsBetween(g.x, g.y, x, y)));
    if (rssi >= DEMO_LOGIC_THRESHOLD) heard[g.mac] = rssi;
  }
  return heard;
}
