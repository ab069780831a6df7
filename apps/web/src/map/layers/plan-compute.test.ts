import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROOM } from '@rtls/positioning/testing';
import { latestFirst, type PlanAnswer, type PlanRequest } from './plan-compute.ts';

const request = (id: number): PlanRequest => ({
  id,
  input: { anchors: ROOM, width: 10, height: 8, step: 1 },
  targetM: 5,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('latestFirst', () => {
  it('answers the layer and then the proposal of a layout', async () => {
    const answers: PlanAnswer[] = [];
    const queue = latestFirst((a) => answers.push(a));
    queue.push(request(1));
    await vi.runAllTimersAsync();
    expect(answers.map((a) => [a.type, a.id])).toEqual([
      ['layer', 1],
      ['proposal', 1],
    ]);
    const layer = answers[0] as Extract<PlanAnswer, { type: 'layer' }>;
    expect(layer.plan.nx * layer.plan.ny).toBe(80);
    expect(layer.coverage.share).toBeGreaterThan(0);
  });

  it('skips layouts overtaken before they are computed, and proposals overtaken by a layout', async () => {
    const answers: PlanAnswer[] = [];
    const queue = latestFirst((a) => {
      answers.push(a);
      // A drag sends a new layout as soon as the last one is drawn.
      if (a.type === 'layer' && a.id < 3) queue.push(request(a.id + 1));
    });
    queue.push(request(1));
    queue.push(request(2));
    await vi.runAllTimersAsync();
    expect(answers.map((a) => [a.type, a.id])).toEqual([
      ['layer', 2],
      ['layer', 3],
      ['proposal', 3],
    ]);
    queue.dispose();
  });
});
