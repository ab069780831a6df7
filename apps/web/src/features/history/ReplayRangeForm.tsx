/**
 * A custom range for the replay: From and To, checked before anything is asked (a start before the
 * end, at most REPLAY_MAX_MS); the server refuses a range beyond what the account keeps, and the
 * bar shows its reason.
 */
import { useState, type FormEvent } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { rangeProblem } from './replay-range.ts';
import { useReplayStore, type ReplaySession } from './replay-store.ts';
import { localInput, RangeInputs } from './RangeInputs.tsx';

export function ReplayRangeForm({ session }: { session: ReplaySession }) {
  const { t } = useI18n();
  const [from, setFrom] = useState(() => localInput(session.from));
  const [to, setTo] = useState(() => localInput(session.to));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const range = { from: Date.parse(from), to: Date.parse(to) };
    const why = rangeProblem(range);
    setProblem(why && t(`history.replay.problems.${why}`));
    if (why) return;
    void useReplayStore.getState().open({ mapId: session.mapId, preset: 'custom', ...range });
  };
  return (
    <form className="replay-range" onSubmit={submit} data-testid="replay-range">
      <RangeInputs name="replay" from={from} to={to} onFrom={setFrom} onTo={setTo} />
      <button type="submit" className="button">
        {t('history.replay.apply')}
      </button>
      <ErrorText error={problem} />
    </form>
  );
}
