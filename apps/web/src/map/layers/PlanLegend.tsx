/**
 * The predicted-accuracy legend on the map: the colour of each error band, the outline's meaning
 * and the share of the floor within the target (also as data attributes, for tests and tools).
 */
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { usePlanStore } from '../../features/plan/plan-store.ts';
import { PLAN_BAND_COLOURS, planBandLabel } from './plan-paint.ts';

export function PlanLegend() {
  const { t } = useI18n();
  const coverage = usePlanStore((s) => s.coverage);
  const targetM = usePlanStore((s) => s.targetM);
  const without = usePlanStore((s) => s.without);
  const labels = PLAN_BAND_COLOURS.map((_, i) => planBandLabel(i, t));
  const share = coverage ? Math.round(coverage.share * 100) : null;
  return (
    <section
      className="plan-legend"
      aria-label={t('view.plan.legendTitle')}
      data-testid="plan-legend"
      data-target={targetM}
      data-share={coverage ? coverage.share.toFixed(4) : undefined}
      data-without={without ?? undefined}
    >
      <p className="plan-legend-title">{t('view.plan.legendTitle')}</p>
      <ul>
        {labels.map((label, i) => (
          <li key={label}>
            <span
              className="plan-swatch"
              style={{ background: PLAN_BAND_COLOURS[i] }}
              aria-hidden="true"
            />
            {label}
          </li>
        ))}
        <li>
          <span className="plan-swatch outline" aria-hidden="true" />
          {t('view.plan.outlined', { m: targetM })}
        </li>
      </ul>
      <p className="plan-legend-share">
        {share === null
          ? t('view.plan.computing')
          : t('view.plan.share', { percent: share, m: targetM })}
      </p>
    </section>
  );
}
