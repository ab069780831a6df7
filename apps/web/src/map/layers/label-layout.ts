/**
 * Name-box placement on screen: the positioning package's placeLabels (spec §9 rings) over the
 * devices in view, in container pixels. Crowded views are capped, so placement stays cheap.
 */
import { placeLabels, type LabelPlacement } from '@rtls/positioning';

/** At most this many labels are placed per frame; the rest stay on their markers. */
export const MAX_PLACED_LABELS = 200;

export interface ScreenLabel {
  id: string;
  x: number;
  y: number;
}

export function layoutLabels(labels: ScreenLabel[]): Map<string, LabelPlacement> {
  const placed = placeLabels(labels.slice(0, MAX_PLACED_LABELS));
  return new Map(placed.map((p) => [p.id, p]));
}
