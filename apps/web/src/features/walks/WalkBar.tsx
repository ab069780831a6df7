/**
 * The walk's bar over the map, for a phone with the tools sheet lowered: Record at the crosshair
 * (or redo the chosen point there), how many points the walk has and what the last tap did. The
 * Maps tab's walk panel announces the same to screen readers, so this bar does not.
 */
import { WALK_LIMITS } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { RecordButton } from './RecordButton.tsx';
import { walkErrorIn } from './walk-errors.ts';
import { useWalksStore } from './walks-store.ts';

export function WalkBar() {
  const { t, language } = useI18n();
  const walk = useWalksStore((s) => s.walk);
  const error = useWalksStore((s) => s.error);
  const notice = useWalksStore((s) => s.notice);
  if (!walk) return null;
  const last =
    notice?.kind === 'recorded' || notice?.kind === 'redone'
      ? t(`walks.notice.${notice.kind}`, { n: notice.n })
      : '';
  return (
    <div className="walk-bar" data-testid="walk-bar">
      <RecordButton small />
      <span className="small">
        {error ? (
          <span className="error-text">{walkErrorIn(error, language)}</span>
        ) : (
          `${last} ${t('walks.bar', { count: walk.points.length, min: WALK_LIMITS.minPoints })}`
        )}
      </span>
    </div>
  );
}
