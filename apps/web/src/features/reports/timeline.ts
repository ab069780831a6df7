/** A device's stays as a timeline: where each bar starts and how wide it is, as shares of the range. */
import type { ReportStay } from '@rtls/contract';

export interface TimelineBar {
  zoneId: string;
  /** Percent of the range before the bar, and the bar's width in percent. */
  start: number;
  width: number;
}

export function timelineBars(
  stays: readonly ReportStay[],
  range: { from: string; to: string },
): TimelineBar[] {
  const from = Date.parse(range.from);
  const span = Date.parse(range.to) - from;
  if (!(span > 0)) return [];
  return stays.map((s) => {
    const a = Math.max(0, Date.parse(s.from) - from);
    const b = Math.min(span, Date.parse(s.to) - from);
    return { zoneId: s.zoneId, start: (100 * a) / span, width: (100 * Math.max(0, b - a)) / span };
  });
}
