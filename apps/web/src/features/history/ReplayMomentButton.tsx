/** "Replay this moment" of an alert or an event: opens the replay of its map at its time. */
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { openMomentReplay } from './open-replay.ts';

export function ReplayMomentButton(props: {
  mapId: string;
  at: string;
  mac: string | null;
  /** What happened then, for the button's accessible name. */
  text: string;
}) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      className="button"
      aria-label={t('history.replay.momentOf', { text: props.text })}
      onClick={() => openMomentReplay(props.mapId, props.at, props.mac)}
    >
      {t('history.replay.moment')}
    </button>
  );
}
