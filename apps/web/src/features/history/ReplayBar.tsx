/**
 * The time bar of a replayed map: play and pause, the speed, the range (last hour, today, a custom
 * range), the slider, and Back to live. Shown over the map while it is replayed; leaving the map
 * leaves its replay.
 */
import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { SelectField } from '../../ui/fields.tsx';
import { formatInstant } from '../../ui/format.ts';
import { openPresetReplay } from './open-replay.ts';
import { REPLAY_SPEEDS } from './replay-clock.ts';
import type { ReplayPreset } from './replay-range.ts';
import { useReplayStore, type ReplaySession } from './replay-store.ts';
import { ReplayRangeForm } from './ReplayRangeForm.tsx';
import { ReplayScrubber } from './ReplayScrubber.tsx';
import { useReplayTime } from './use-replay-time.ts';

/** The ranges to choose from; a replay opened at a moment also lists its own. */
const PRESETS: readonly ReplayPreset[] = ['hour', 'today', 'custom'];

export function ReplayBar({ mapId }: { mapId: string }) {
  const session = useReplayStore((s) => (s.session?.mapId === mapId ? s.session : null));
  useEffect(
    () => () => {
      const store = useReplayStore.getState();
      if (store.session?.mapId === mapId) store.close();
    },
    [mapId],
  );
  // A new range starts with its own choices (the custom form open only for a custom range).
  return session ? (
    <ReplayBarOf key={`${session.preset}:${session.from}:${session.to}`} session={session} />
  ) : null;
}

function ReplayBarOf({ session }: { session: ReplaySession }) {
  const { t, language } = useI18n();
  const time = useReplayTime();
  const speed = useReplayStore((s) => s.clock?.speed ?? 1);
  const loading = useReplayStore((s) => s.loading);
  const error = useReplayStore((s) => s.error);
  const empty = useReplayStore((s) => s.kept === false);
  const [custom, setCustom] = useState(session.preset === 'custom');
  const store = useReplayStore.getState();
  if (!time) return null;
  const choosePreset = (preset: ReplayPreset) => {
    setCustom(preset === 'custom');
    if (preset === 'hour' || preset === 'today') openPresetReplay(session.mapId, preset);
  };
  return (
    <section
      className="replay-bar"
      aria-label={t('history.replay.title')}
      data-testid="replay-bar"
      data-at={Math.round(time.at)}
      data-playing={time.playing}
      data-loading={loading}
    >
      <div className="replay-row">
        <button
          type="button"
          className="button primary replay-play"
          disabled={loading && !time.playing}
          onClick={() => (time.playing ? store.pause() : store.play())}
        >
          {t(time.playing ? 'history.replay.pause' : 'history.replay.play')}
        </button>
        <output className="replay-time" data-testid="replay-time">
          {formatInstant(time.at, language)}
        </output>
        <SelectField
          compact
          label={t('history.replay.speed')}
          name="replay-speed"
          value={speed}
          options={REPLAY_SPEEDS.map((v) => ({
            value: v,
            label: t('history.replay.speedValue', { value: v }),
          }))}
          onChange={(v) => store.setSpeed(v)}
        />
        <SelectField
          compact
          label={t('history.replay.range')}
          name="replay-range"
          value={custom ? 'custom' : session.preset}
          options={(session.preset === 'moment' ? [...PRESETS, 'moment' as const] : PRESETS).map(
            (p) => ({ value: p, label: t(`history.replay.presets.${p}`) }),
          )}
          onChange={choosePreset}
        />
        <button type="button" className="button replay-back" onClick={() => store.close()}>
          {t('history.replay.back')}
        </button>
      </div>
      {custom && <ReplayRangeForm session={session} />}
      <ReplayScrubber from={session.from} to={session.to} at={time.at} />
      {loading && <p className="small muted">{t('history.replay.loading')}</p>}
      {empty && !error && <p className="small muted">{t('history.replay.empty')}</p>}
      <ErrorText error={error} />
    </section>
  );
}
