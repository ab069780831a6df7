/**
 * A zone's occupancy over the range, drawn by uPlot: the most devices at once per bucket (steps)
 * and the average (dashed). The canvas is hidden from screen readers, which read the summary
 * sentence instead; the table beside it has every figure. uPlot is loaded with the first chart,
 * not with the console.
 */
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import type { Language } from '../../constants.ts';
import { formatClock } from '../../ui/format.ts';
import type { OccupancyData } from './occupancy-data.ts';

const HEIGHT = 220;

/** A colour of the theme (a CSS custom property), read where the chart is drawn. */
const cssColour = (el: Element, name: string, fallback: string) =>
  getComputedStyle(el).getPropertyValue(name).trim() || fallback;

/** uPlot and its style sheet, fetched once. */
async function loadPlot(): Promise<typeof uPlot> {
  const [lib] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
  return lib.default;
}

interface Labels {
  peak: string;
  mean: string;
  axis: string;
}

/** The chart's look: steps for the most at once, dashes for the average, the theme's colours. */
function chartOptions(
  Plot: typeof uPlot,
  el: Element,
  language: Language,
  labels: Labels,
  first: number,
) {
  const text = cssColour(el, '--text', '#111827');
  const grid = { stroke: cssColour(el, '--border', '#d4d9e2'), width: 1 };
  return {
    width: el.clientWidth || 640,
    height: HEIGHT,
    legend: { show: true, live: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      y: {
        range: (_u: uPlot, _min: number, max: number): uPlot.Range.MinMax => [0, Math.max(1, max)],
      },
    },
    axes: [
      {
        stroke: text,
        grid,
        values: (_u: uPlot, splits: number[]) =>
          splits.map((s) => formatClock(s * 1000, language, first)),
      },
      {
        stroke: text,
        grid,
        label: labels.axis,
        // Devices are whole: ticks at whole numbers only.
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
        values: (_u: uPlot, splits: number[]) => splits.map(String),
      },
    ],
    series: [
      {},
      {
        label: labels.peak,
        stroke: cssColour(el, '--accent', '#1d4ed8'),
        width: 2,
        paths: Plot.paths.stepped?.({ align: 1 }),
      },
      { label: labels.mean, stroke: cssColour(el, '--muted', '#4b5563'), width: 1.5, dash: [5, 4] },
    ],
  } satisfies uPlot.Options;
}

export function OccupancyChart(props: { data: OccupancyData; language: Language; labels: Labels }) {
  const box = useRef<HTMLDivElement>(null);
  const { data, language, labels } = props;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    let cancelled = false;
    void loadPlot().then((Plot) => {
      if (cancelled) return;
      plot = new Plot(chartOptions(Plot, el, language, labels, (data[0][0] ?? 0) * 1000), data, el);
      // The chart follows its box's width (the dialog, the printed page).
      resize = new ResizeObserver(() => {
        if (el.clientWidth > 0) plot?.setSize({ width: el.clientWidth, height: HEIGHT });
      });
      resize.observe(el);
    });
    return () => {
      cancelled = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [data, language, labels]);
  return <div ref={box} className="occupancy-chart" dir="ltr" aria-hidden="true" />;
}
