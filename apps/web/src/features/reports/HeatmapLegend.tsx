/** The heatmap's legend on the map: its period, the colours from little time spent to the most. */
import type { HeatmapResponse } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { formatDate, formatDuration } from '../../ui/format.ts';
import { HEAT_STOPS } from '../../map/layers/heatmap-image.ts';

const gradient = `linear-gradient(to right, ${HEAT_STOPS.map(([r, g, b]) => `rgb(${r} ${g} ${b})`).join(', ')})`;

export function HeatmapLegend({ heatmap }: { heatmap: HeatmapResponse }) {
  const { t, language } = useI18n();
  return (
    <section
      className="heatmap-legend"
      aria-label={t('reports.heatmap.legend')}
      data-testid="heatmap-legend"
    >
      <p className="heatmap-legend-title">{t('reports.heatmap.legend')}</p>
      <p className="small">
        {t('reports.period', {
          from: formatDate(heatmap.from, language),
          to: formatDate(heatmap.to, language),
        })}
      </p>
      <div
        className="heatmap-scale"
        dir="ltr"
        style={{ background: gradient }}
        aria-hidden="true"
      />
      {/* Left to right like the colours, in either language. */}
      <p className="heatmap-scale-ends small" dir="ltr">
        <bdi>{t('reports.heatmap.few')}</bdi>
        <bdi>{t('reports.heatmap.most', { time: formatDuration(heatmap.maxSeconds) })}</bdi>
      </p>
    </section>
  );
}
