/**
 * The open walk: how to record a point, how long to stand at each spot, "Record at the
 * crosshair", the points with Redo and Remove, and Finish (which goes on to calibrate).
 */
import { WALK_LIMITS, type Walk } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { SelectField } from '../../ui/fields.tsx';
import { formatClock } from '../../ui/format.ts';
import { RecordButton } from './RecordButton.tsx';
import { useFocusOnMount } from './use-focus-on-mount.ts';
import { WalkErrorText } from './WalkErrorText.tsx';
import { DWELL_CHOICES_S, useWalksStore } from './walks-store.ts';

export function WalkPanel() {
  const { t } = useI18n();
  const walk = useWalksStore((s) => s.walk);
  const redo = useWalksStore((s) => s.redoPointId);
  const dwellS = useWalksStore((s) => s.dwellS);
  const busy = useWalksStore((s) => s.busy);
  const error = useWalksStore((s) => s.error);
  const notice = useWalksStore((s) => s.notice);
  const focus = useFocusOnMount<HTMLDivElement>();
  if (!walk) return null;
  const store = useWalksStore.getState;
  return (
    <div
      className="walk-panel"
      data-testid="walk-panel"
      data-walk-id={walk.id}
      ref={focus}
      tabIndex={-1}
      role="group"
      aria-label={t('walks.panel')}
    >
      <p className="small">{t('walks.howTo', { s: dwellS })}</p>
      <SelectField
        compact
        name="walk-dwell"
        label={t('walks.dwell')}
        value={dwellS}
        options={DWELL_CHOICES_S.map((s) => ({ value: s, label: t('walks.seconds', { s }) }))}
        onChange={(s) => store().setDwell(s)}
      />
      <div className="walk-actions">
        <RecordButton />
        {redo && (
          <button type="button" className="button ghost" onClick={() => store().setRedo(null)}>
            {t('walks.cancelRedo')}
          </button>
        )}
      </div>
      <p className="small walk-status" role="status" data-testid="walk-status">
        {notice ? t(`walks.notice.${notice.kind}`, { n: notice.n ?? 0 }) : ''}{' '}
        {t('walks.count', { count: walk.points.length, min: WALK_LIMITS.minPoints })}
      </p>
      <WalkErrorText error={error} />
      <PointList walk={walk} redo={redo} busy={busy} />
      <div className="form-actions">
        <button
          type="button"
          className="button primary"
          disabled={busy}
          onClick={() => void store().finish()}
        >
          {t('walks.finish')}
        </button>
        <button type="button" className="button ghost" onClick={() => store().close()}>
          {t('walks.pause')}
        </button>
      </div>
    </div>
  );
}

/** The walk's points in time order, each with Redo (the next tap) and Remove. */
function PointList({ walk, redo, busy }: { walk: Walk; redo: string | null; busy: boolean }) {
  const { t, language } = useI18n();
  const store = useWalksStore.getState;
  if (walk.points.length === 0) return null;
  return (
    <ol className="walk-points" aria-label={t('walks.points')} data-testid="walk-points">
      {walk.points.map((p, i) => (
        <li key={p.id} className={p.id === redo ? 'redo' : undefined}>
          <span>{t('walks.pointAt', { n: i + 1, at: formatClock(p.to, language) })}</span>
          <button
            type="button"
            className="button small"
            aria-pressed={p.id === redo}
            aria-label={t('walks.redoPoint', { n: i + 1 })}
            disabled={busy}
            onClick={() => store().setRedo(p.id === redo ? null : p.id)}
          >
            {t('walks.redo')}
          </button>
          <button
            type="button"
            className="button small ghost"
            aria-label={t('walks.removePoint', { n: i + 1 })}
            disabled={busy}
            onClick={() => void store().remove(p.id)}
          >
            {t('walks.remove')}
          </button>
        </li>
      ))}
    </ol>
  );
}
