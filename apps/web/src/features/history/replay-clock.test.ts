import { describe, expect, it } from 'vitest';
import { clockTime, isPlaying, pause, pausedClock, play, seek, withSpeed } from './replay-clock.ts';

const FROM = 1_000_000;
const TO = FROM + 60_000;

describe('replay clock', () => {
  it('stands still while paused', () => {
    const c = pausedClock(FROM, TO, FROM + 5_000);
    expect(clockTime(c, 0)).toBe(FROM + 5_000);
    expect(clockTime(c, 99_999)).toBe(FROM + 5_000);
    expect(isPlaying(c, 0)).toBe(false);
  });

  it('runs at its speed while playing and stops at the end of the range', () => {
    const c = withSpeed(play(pausedClock(FROM, TO), 100), 10, 100);
    expect(clockTime(c, 1_100)).toBe(FROM + 10_000);
    expect(isPlaying(c, 1_100)).toBe(true);
    expect(clockTime(c, 100_000)).toBe(TO);
    expect(isPlaying(c, 100_000)).toBe(false);
  });

  it('keeps the replayed moment when paused or sped up, and goes on from it', () => {
    const playing = play(pausedClock(FROM, TO), 0);
    const faster = withSpeed(playing, 60, 2_000);
    expect(clockTime(faster, 2_000)).toBe(FROM + 2_000);
    expect(clockTime(faster, 2_500)).toBe(FROM + 2_000 + 30_000);
    expect(clockTime(faster, 3_000)).toBe(TO);
    const paused = pause(withSpeed(playing, 5, 1_000), 2_000);
    expect(clockTime(paused, 50_000)).toBe(FROM + 1_000 + 5_000);
  });

  it('seeks within the range, playing on when it was playing', () => {
    const c = pausedClock(FROM, TO);
    expect(clockTime(seek(c, FROM - 1, 0), 0)).toBe(FROM);
    expect(clockTime(seek(c, TO + 1, 0), 0)).toBe(TO);
    const moving = seek(play(c, 0), FROM + 30_000, 1_000);
    expect(clockTime(moving, 2_000)).toBe(FROM + 31_000);
    expect(isPlaying(seek(c, FROM + 30_000, 1_000), 2_000)).toBe(false);
  });

  it('plays again from the start once it reached the end', () => {
    const atEnd = pausedClock(FROM, TO, TO);
    expect(clockTime(play(atEnd, 0), 1_000)).toBe(FROM + 1_000);
  });
});
