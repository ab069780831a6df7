/**
 * The text printed in a map's plan image (room names), which tag labels keep off: read once per
 * image and size for the whole session, in map pixels. A plan that cannot be read (another site's
 * image, no canvas) has no text. The boxes are also written on the map's container
 * (`data-plan-text`, x0,y0,x1,y1 per box) so that end-to-end tests can check labels against them.
 */
import { useEffect, useState } from 'react';
import type { TrackingMap } from '@rtls/contract';
import { framePixelsPerMetre } from '@rtls/positioning';
import { readPlanText } from '../features/floor/plan-image.ts';
import type { TextBox } from '../features/floor/text-detector.ts';
import { imageSize } from './crs.ts';
import { planImageUrl } from './image-url.ts';
import { useLeafletMap } from './map-context.ts';

const read = new Map<string, Promise<TextBox[]>>();
const NONE: readonly TextBox[] = [];

/** The boxes of the text in the plan `tracking` shows (its image, else `defaultImage`). */
export function usePlanText(tracking: TrackingMap, defaultImage: string): readonly TextBox[] {
  const map = useLeafletMap();
  const url = planImageUrl(tracking, defaultImage);
  const size = imageSize(tracking.settings);
  const ppm = framePixelsPerMetre(tracking);
  const key = url ? `${url}|${size.width}x${size.height}|${ppm}` : null;
  const [found, setFound] = useState<{ key: string; boxes: readonly TextBox[] } | null>(null);
  useEffect(() => {
    if (!url || !key) return;
    let boxes = read.get(key);
    if (!boxes) {
      boxes = readPlanText(url, size, ppm).catch(() => []);
      read.set(key, boxes);
    }
    let current = true;
    void boxes.then((b) => current && setFound({ key, boxes: b }));
    return () => void (current = false);
    // size is read through key (its width and height), not by identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, url, ppm]);
  const boxes = found && found.key === key ? found.boxes : NONE;
  useEffect(() => {
    if (!map) return;
    const host = map.getContainer();
    host.dataset.planText = boxes
      .map((b) => [b.x0, b.y0, b.x1, b.y1].map((v) => Math.round(v)).join(','))
      .join(';');
    return () => void delete host.dataset.planText;
  }, [map, boxes]);
  return boxes;
}
