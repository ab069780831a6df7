/**
 * Calibrate a finished walk: the server fits the map's radio model and judges it on points held
 * out of the fit. Shown: the held-out median and p90 with the current model and with the fit, the
 * verdict in the console's language, Apply only when the verdict allows it, Undo once applied,
 * and the accuracy report of the walk with the model in force.
 */
import { CALIBRATION_VERDICTS, type Calibration, type ErrorSummary } from '@rtls/contract';
import { useEffect, useId, useRef, useState } from 'react';
import {
  applyCalibration,
  calibrateWalk,
  createWalkReport,
  undoRadioCalibration,
} from '../../api/walks.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { useBusyCall } from '../../ui/use-busy-call.ts';
import { useFocusOnMount } from './use-focus-on-mount.ts';
import { metres } from './walk-format.ts';
import { walkFailure } from './walk-errors.ts';
import { WalkErrorText } from './WalkErrorText.tsx';

interface Props {
  walkId: string;
  mapId: string;
  /** A report was made: open it. */
  onReport: (reportId: string) => void;
  onDone: () => void;
}

type Applied = 'no' | 'applied' | 'undone';

/** The walk's calibration, asked for once, and what was done with it: apply, undo, report. */
function useCalibration(walkId: string, mapId: string, onReport: (id: string) => void) {
  const [calibration, setCalibration] = useState<Calibration | null>(null);
  const [applied, setApplied] = useState<Applied>('no');
  const { busy, error, run } = useBusyCall(undefined, walkFailure);
  const calibrate = () => run(async () => setCalibration(await calibrateWalk(walkId)));
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void calibrate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked once, when the walk is finished
  }, []);
  return {
    calibration,
    applied,
    busy,
    error,
    calibrate,
    apply: (id: string) =>
      run(async () => {
        await applyCalibration(id);
        setApplied('applied');
      }),
    undo: () =>
      run(async () => {
        await undoRadioCalibration(mapId);
        setApplied('undone');
      }),
    report: () => run(async () => onReport((await createWalkReport(walkId)).id)),
  };
}

export function CalibrationView({ walkId, mapId, onReport, onDone }: Props) {
  const { t } = useI18n();
  const focus = useFocusOnMount<HTMLHeadingElement>();
  const { calibration, applied, busy, error, calibrate, apply, undo, report } = useCalibration(
    walkId,
    mapId,
    onReport,
  );
  return (
    <div className="walk-calibration" data-testid="walk-calibration" aria-busy={busy}>
      <h4 className="small" ref={focus} tabIndex={-1}>
        {t('walks.calibration.title')}
      </h4>
      {busy && !calibration && <p className="muted small">{t('walks.calibration.busy')}</p>}
      {calibration && <Figures calibration={calibration} />}
      <p className="small" role="status" data-testid="walk-applied">
        {applied === 'no' ? '' : t(`walks.calibration.${applied}`)}
      </p>
      <WalkErrorText error={error} />
      <div className="form-actions">
        {!calibration && !busy && (
          <button type="button" className="button" onClick={() => void calibrate()}>
            {t('walks.calibration.retry')}
          </button>
        )}
        {calibration?.verdict.applicable && applied !== 'applied' && (
          <button
            type="button"
            className="button primary"
            disabled={busy}
            onClick={() => void apply(calibration.id)}
          >
            {t('walks.calibration.apply')}
          </button>
        )}
        {applied === 'applied' && (
          <button type="button" className="button" disabled={busy} onClick={() => void undo()}>
            {t('walks.calibration.undo')}
          </button>
        )}
        <button type="button" className="button" disabled={busy} onClick={() => void report()}>
          {t('walks.calibration.report')}
        </button>
        <button type="button" className="button ghost" onClick={onDone}>
          {t('walks.calibration.done')}
        </button>
      </div>
    </div>
  );
}

/** Before/after on held-out points, and the verdict. */
function Figures({ calibration: c }: { calibration: Calibration }) {
  const { t, language } = useI18n();
  const captionId = useId();
  const cell = (s: ErrorSummary, k: 'medianM' | 'p90M') => metres(s[k], t);
  const change = c.verdict.p90ChangePct;
  return (
    <>
      <table className="report-table walk-figures" aria-labelledby={captionId}>
        <caption id={captionId}>
          {t('walks.calibration.caption', { points: c.points, folds: c.folds })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('walks.calibration.figure')}</th>
            <th scope="col">{t('walks.calibration.before')}</th>
            <th scope="col">{t('walks.calibration.after')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('walks.median')}</th>
            <td className="num">{cell(c.before, 'medianM')}</td>
            <td className="num">{cell(c.after, 'medianM')}</td>
          </tr>
          <tr>
            <th scope="row">{t('walks.p90')}</th>
            <td className="num">{cell(c.before, 'p90M')}</td>
            <td className="num">{cell(c.after, 'p90M')}</td>
          </tr>
        </tbody>
      </table>
      <p
        className={`small walk-verdict ${c.verdict.applicable ? 'good' : 'bad'}`}
        data-testid="walk-verdict"
        data-reason={c.verdict.reason}
      >
        {CALIBRATION_VERDICTS[c.verdict.reason][language]}
        {change !== null &&
          ` ${t('walks.calibration.change', { pct: (change > 0 ? '+' : '') + change.toFixed(0) })}`}
      </p>
    </>
  );
}
