/**
 * The replayed moment for the time bar: re-read a few times a second while the replay plays (the
 * markers follow the clock in every frame on their own; the bar's text and slider need less).
 */
import { useEffect, useState } from 'react';
import { clockTime, isPlaying } from './replay-clock.ts';
import { useReplayStore } from './replay-store.ts';

const BAR_REFRESH_MS = 250;

export function useReplayTime(): { at: number; playing: boolean } | null {
  const clock = useReplayStore((s) => s.clock);
  const [, setTick] = useState(0);
  const wall = Date.now();
  const playing = clock !== null && isPlaying(clock, wall);
  useEffect(() => {
    if (!playing) return;
    const id = setInterval(() => setTick((n) => n + 1), BAR_REFRESH_MS);
    return () => clearInterval(id);
  }, [playing, clock]);
  return clock ? { at: clockTime(clock, wall), playing } : null;
}
