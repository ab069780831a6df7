import { describe, expect, it } from 'vitest';
import { rng } from './random.ts';
import { createRecentTrack } from './recent-track.ts';

describe('recent track', () => {
  it('reads a tag whose estimates jitter about a point as standing', () => {
    const rand = rng(3);
    const track = createRecentTrack();
    for (let i = 0; i < 16; i++) track.add(5 + rand() - 0.5, 5 + rand() - 0.5);
    expect(track.standing()).toBe(true);
  });

  it('reads a slow walker (0.3 m/s, one estimate a second) as moving', () => {
    const track = createRecentTrack();
    for (let i = 0; i < 16; i++) track.add(5 + 0.3 * i, 5);
    // The halves' means lie 2.4 m apart: more than a standing tag's estimates move.
    expect(track.standing()).toBe(false);
  });

  it('reads a tag tracked slower than a stroll as standing, a walker’s speed as not', () => {
    const track = createRecentTrack();
    expect(track.standing(0.5)).toBe(true);
    for (let i = 0; i < 16; i++) track.add(5 + 1.2 * i, 5);
    expect(track.standing(1.2)).toBe(false);
    expect(track.standing()).toBe(false);
  });

  it('says nothing before sixteen estimates, and starts over when reset', () => {
    const track = createRecentTrack();
    for (let i = 0; i < 15; i++) track.add(5, 5);
    expect(track.standing()).toBe(false);
    track.add(5, 5);
    expect(track.standing()).toBe(true);
    track.reset();
    track.add(5, 5);
    expect(track.standing()).toBe(false);
  });
});
