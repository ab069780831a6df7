/**
 * Where gateways hear each other, that is free calibration: many gateways also advertise (an
 * ESP32 running ESPresense or OpenMQTTGateway, a Raspberry Pi), and a report of one gateway heard
 * by the others is a reading at a known distance. Each such report set is one epoch for the
 * site's self-calibration with the transmitter's place known instead of estimated: the
 * exponent and the receiving gateways' offsets are learnt without any tag being located, and
 * the heard gateway's own transmit level drops out as a tag's does.
 */
import { DEFAULT_ANCHOR_HEIGHT_M, DEFAULT_RADIO_MODEL, deviceTermDb } from './radio-model.ts';
import { countGain, isUsable } from './signals.ts';
import type { Site } from './site.ts';
import type { Anchor, Observation } from './types.ts';

/** The placed gateway a device id names (ids compared as MACs: case and separators aside). */
export function gatewayOfDevice(anchors: readonly Anchor[], device: string): Anchor | null {
  const key = macKey(device);
  if (key === '') return null;
  return anchors.find((a) => macKey(a.id) === key) ?? null;
}

function macKey(id: string): string {
  return id.toLowerCase().replace(/[^0-9a-z]/g, '');
}

/**
 * Teach the site from what its other gateways heard of the gateway `source` (e.g. its
 * link-window summaries); true when the epoch was usable (at least three other gateways heard it).
 */
export function calibrateFromGateway(
  site: Site,
  source: Anchor,
  observations: readonly Observation[],
): boolean {
  const readings = [];
  for (const ob of observations) {
    const a = site.anchors.find((x) => x.id === ob.gateway);
    if (!isUsable(ob, a) || a.id === source.id) continue;
    const sigma = DEFAULT_RADIO_MODEL.sigmaDb;
    readings.push({
      gateway: a.id,
      rssi: ob.rssi - deviceTermDb(ob.refRssi),
      weight: countGain(ob.count, sigma) / sigma ** 2,
    });
  }
  if (readings.length < 3) return false;
  site.calibration.observe(source.x, source.y, readings, source.z ?? DEFAULT_ANCHOR_HEIGHT_M);
  return true;
}
