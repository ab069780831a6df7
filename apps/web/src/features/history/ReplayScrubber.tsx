/**
 * The replay's time slider: drag or click to jump; arrow keys step 10 s (the arrow pointing the
 * way the slider runs, also in right-to-left), Page Up and Page Down 5 min, Home and End the
 * range's ends. It speaks the replayed time, not a number.
 */
import type { KeyboardEvent } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { formatInstant } from '../../ui/format.ts';
import { useReplayStore } from './replay-store.ts';

const STEP_MS = 10_000;
const PAGE_MS = 5 * 60_000;

export function ReplayScrubber({ from, to, at }: { from: number; to: number; at: number }) {
  const { t, language, rtl } = useI18n();
  const seek = (ms: number) => useReplayStore.getState().seek(ms);
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = {
      [forward]: at + STEP_MS,
      ArrowUp: at + STEP_MS,
      [back]: at - STEP_MS,
      ArrowDown: at - STEP_MS,
      PageUp: at + PAGE_MS,
      PageDown: at - PAGE_MS,
      Home: from,
      End: to,
    };
    const target = moves[e.key];
    if (target === undefined) return;
    e.preventDefault();
    seek(target);
  };
  return (
    <input
      type="range"
      className="replay-scrubber"
      data-testid="replay-scrubber"
      min={from}
      max={to}
      step={1000}
      value={Math.round(at)}
      aria-label={t('history.replay.time')}
      aria-valuetext={formatInstant(at, language)}
      onChange={(e) => seek(Number(e.target.value))}
      onKeyDown={onKeyDown}
    />
  );
}
