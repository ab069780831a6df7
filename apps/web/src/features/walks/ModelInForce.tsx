/**
 * The radio model the map is located with: the gateways' own settings, or a walk's calibration
 * applied on a date; Undo goes back to the model applied before it (owners and editors).
 */
import type { MapRadioCalibration } from '@rtls/contract';
import { useEffect, useState } from 'react';
import { fetchRadioCalibration, undoRadioCalibration } from '../../api/walks.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { useBusyCall } from '../../ui/use-busy-call.ts';
import { formatDate } from '../../ui/format.ts';
import { walkFailure } from './walk-errors.ts';
import { WalkErrorText } from './WalkErrorText.tsx';

export function ModelInForce({ mapId }: { mapId: string }) {
  const { t, language } = useI18n();
  const [model, setModel] = useState<MapRadioCalibration | null>(null);
  const { busy, error, run } = useBusyCall(undefined, walkFailure);
  useEffect(() => {
    void run(async () => setModel(await fetchRadioCalibration(mapId)));
  }, [mapId, run]);
  if (!model) return <WalkErrorText error={error} />;
  return (
    <div className="walk-model" data-testid="walk-model">
      <p className="small">
        {model.calibrationId && model.appliedAt
          ? t('walks.model.calibrated', { date: formatDate(model.appliedAt, language) })
          : t('walks.model.own')}
      </p>
      {model.canUndo && (
        <button
          type="button"
          className="button small"
          disabled={busy}
          onClick={() => void run(async () => setModel(await undoRadioCalibration(mapId)))}
        >
          {t('walks.model.undo')}
        </button>
      )}
      <WalkErrorText error={error} />
    </div>
  );
}
