/**
 * What lies over the map that labels keep off, as boxes in the map's container pixels: the map's
 * own controls (its toolbar, the replay's time bar) and the zone labels.
 */
import type L from 'leaflet';
import type { LabelBox } from '@rtls/positioning';

/** An element's box relative to the map's container. */
function boxOf(el: Element, origin: DOMRect): LabelBox {
  const r = el.getBoundingClientRect();
  return {
    x: r.left - origin.left + r.width / 2,
    y: r.top - origin.top + r.height / 2,
    w: r.width,
    h: r.height,
  };
}

/** Boxes of the controls that sit over the map (its toolbar, the replay's time bar). */
export function controlBoxes(map: L.Map): LabelBox[] {
  const host = map.getContainer();
  const frame = host.parentElement;
  if (!frame) return [];
  const origin = host.getBoundingClientRect();
  return [...frame.querySelectorAll(':scope > .map-controls, :scope > .replay-bar')].map((el) =>
    boxOf(el, origin),
  );
}

/** Boxes of the zone labels drawn on the map. */
export function zoneLabelBoxes(map: L.Map): LabelBox[] {
  const host = map.getContainer();
  const origin = host.getBoundingClientRect();
  return [...host.querySelectorAll('.zone-label')].map((el) => boxOf(el, origin));
}
