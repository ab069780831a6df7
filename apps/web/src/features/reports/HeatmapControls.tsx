/** The View tab's heatmap: a period and a cell size, shown on the map or hidden again. */
import { useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { SelectField } from '../../ui/fields.tsx';
import { useMapsStore } from '../maps/maps-store.ts';
import { useHeatmapStore } from './heatmap-store.ts';
import { ReportRangeFields } from './ReportRangeFields.tsx';
import { useReportRange } from './use-report-range.ts';

const CELLS_M = [0.5, 1, 2, 5] as const;

export function HeatmapControls() {
  const mapId = useMapsStore((s) => s.currentMapId);
  return mapId ? <HeatmapForm key={mapId} mapId={mapId} /> : null;
}

function HeatmapForm({ mapId }: { mapId: string }) {
  const { t } = useI18n();
  const range = useReportRange();
  const { shown, loading, error } = useHeatmapStore();
  const [cell, setCell] = useState<number>(1);
  const mine = shown?.mapId === mapId ? shown : null;
  const show = () => {
    const r = range.checked();
    if (r) void useHeatmapStore.getState().show(mapId, r, cell);
  };
  return (
    <fieldset className="settings-group heatmap-controls" data-testid="heatmap-controls">
      <legend className="section-title">{t('reports.heatmap.title')}</legend>
      <p className="muted small">{t('reports.heatmap.intro')}</p>
      <ReportRangeFields name="heatmap" range={range} />
      <SelectField
        label={t('reports.heatmap.cell')}
        name="heatmap-cell"
        value={cell}
        options={CELLS_M.map((m) => ({ value: m, label: t('reports.heatmap.cellValue', { m }) }))}
        onChange={setCell}
      />
      <ErrorText error={error} />
      {mine && mine.total === 0 && (
        <p className="muted small" role="status">
          {t('reports.heatmap.empty')}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button primary" disabled={loading} onClick={show}>
          {loading ? t('reports.heatmap.busy') : t('reports.heatmap.show')}
        </button>
        {mine && (
          <button
            type="button"
            className="button"
            onClick={() => useHeatmapStore.getState().hide()}
          >
            {t('reports.heatmap.hide')}
          </button>
        )}
      </div>
    </fieldset>
  );
}
