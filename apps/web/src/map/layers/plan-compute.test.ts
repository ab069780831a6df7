import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROOM } from '@rtls/positioning/testing';
import {
  createPlanRunner,
  latestOnly,
  PROPOSAL_AFTER_MS,
  type PlanAnswer,
  type PlanRequest,
} from './plan-compute.ts';

const request = (id: number, part: PlanRequest['part'] = 'layer'): PlanRequest => ({
  id,
  part,
  input: { anchors: ROOM, width: 10, height: 8, step: 1 },
  targetM: 5,
});
const seen = (answers: PlanAnswer[]) => answers.map((a) => [a.type, a.id]);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('latestOnly', () => {
  it('computes the newest request and drops those it overtook', async () => {
    const answers: PlanAnswer[] = [];
    const queue = latestOnly((a) => {
      answers.push(a);
      // A drag sends a new layout as soon as the last one is drawn.
      if (a.id < 3) queue.push(request(a.id + 1));
    });
    queue.push(request(1));
    queue.push(request(2));
    await vi.runAllTimersAsync();
    expect(seen(answers)).toEqual([
      ['layer', 2],
      ['layer', 3],
    ]);
    const layer = answers[0] as Extract<PlanAnswer, { type: 'layer' }>;
    expect(layer.plan.nx * layer.plan.ny).toBe(80);
    expect(layer.coverage.share).toBeGreaterThan(0);
  });
});

describe('createPlanRunner (in the page)', () => {
  it('draws every layout and proposes for the one that holds still', async () => {
    const answers: PlanAnswer[] = [];
    const runner = createPlanRunner((a) => answers.push(a));
    const { part: _part, ...first } = request(1);
    runner.run(first);
    await vi.advanceTimersByTimeAsync(PROPOSAL_AFTER_MS / 2);
    runner.run({ ...first, id: 2 });
    await vi.advanceTimersByTimeAsync(PROPOSAL_AFTER_MS / 2);
    expect(seen(answers)).toEqual([
      ['layer', 1],
      ['layer', 2],
    ]);
    await vi.advanceTimersByTimeAsync(PROPOSAL_AFTER_MS);
    expect(seen(answers)).toEqual([
      ['layer', 1],
      ['layer', 2],
      ['proposal', 2],
    ]);
    runner.dispose();
  });
});
