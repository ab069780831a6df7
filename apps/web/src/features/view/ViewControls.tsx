/** View tab: a checkbox per view option, the trails, the tooltip fields and the positioning settings. */
import {
  CONFIDENCE_CLASS_COLOUR,
  CONFIDENCE_HIGH_ABOVE,
  CONFIDENCE_MEDIUM_ABOVE,
  VIEW_OPTION_KEYS,
} from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { CheckboxField } from '../../ui/fields.tsx';
import { TooltipFieldsEditor } from './TooltipFieldsEditor.tsx';
import { TrailsEditor } from './TrailsEditor.tsx';
import { TriangulationEditor } from './TriangulationEditor.tsx';
import { floorShown, useFloorStore } from '../floor/floor-store.ts';
import { PlanSection } from '../plan/PlanSection.tsx';
import { HeatmapControls } from '../reports/HeatmapControls.tsx';
import { useZonesStore } from '../zones/zones-store.ts';
import { useViewStore } from './view-store.ts';

export function ViewControls() {
  const { t } = useI18n();
  const viewOptions = useViewStore((s) => s.viewOptions);
  const setViewOption = useViewStore((s) => s.setViewOption);
  const showZones = useZonesStore((s) => s.visible);
  const showFloor = useFloorStore(floorShown);
  return (
    <div className="view-tab" data-testid="view-controls">
      <fieldset className="view-controls">
        <legend className="section-title">{t('view.title')}</legend>
        {VIEW_OPTION_KEYS.map((key) => (
          <CheckboxField
            key={key}
            name={key}
            label={t(`view.options.${key}`)}
            checked={viewOptions[key]}
            onChange={(checked) => setViewOption(key, checked)}
          />
        ))}
        {viewOptions.showConfidence && <ConfidenceLegend />}
        <CheckboxField
          name="showZones"
          label={t('zones.showLayer')}
          checked={showZones}
          onChange={(on) => useZonesStore.getState().setVisible(on)}
        />
        <CheckboxField
          name="showFloorModel"
          label={t('floor.showLayer')}
          checked={showFloor}
          onChange={(on) => useFloorStore.getState().setVisible(on)}
        />
      </fieldset>
      <PlanSection />
      <HeatmapControls />
      <TrailsEditor />
      <TooltipFieldsEditor />
      <TriangulationEditor />
    </div>
  );
}

/** What the confidence rings' colours mean, with the thresholds the rings are drawn by. */
function ConfidenceLegend() {
  const { t } = useI18n();
  const high = Math.round(CONFIDENCE_HIGH_ABOVE * 100);
  const medium = Math.round(CONFIDENCE_MEDIUM_ABOVE * 100);
  const rows = [
    ['high', t('view.confidenceLegend.high', { above: high })],
    ['medium', t('view.confidenceLegend.medium', { above: medium, atMost: high })],
    ['low', t('view.confidenceLegend.low', { atMost: medium })],
  ] as const;
  return (
    <div className="confidence-legend" data-testid="confidence-legend">
      <p className="muted small">{t('view.confidenceLegend.title')}</p>
      <ul>
        {rows.map(([cls, text]) => (
          <li key={cls}>
            <span
              className={`ring-swatch tone-${CONFIDENCE_CLASS_COLOUR[cls]}`}
              aria-hidden="true"
            />
            {text}
          </li>
        ))}
      </ul>
    </div>
  );
}
