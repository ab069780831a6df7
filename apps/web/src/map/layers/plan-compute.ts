/**
 * The predicted-accuracy layer's computations, run in a worker (plan.worker.ts) or in the page
 * where there are no workers: the prediction on a 0.5 m grid for every redraw, and the proposal
 * (a 1 m grid, candidate spots 2 m apart) once the layout holds still.
 */
import {
  planAccuracy,
  planCoverage,
  proposeGateway,
  type PlanAccuracy,
  type PlanCoverage,
  type PlanInput,
  type PlanProposal,
} from '@rtls/positioning';

/** Grid of the proposal's search (m): coarser than the layer, it tries a few hundred spots. */
const PROPOSAL_STEP_M = 1;
const PROPOSAL_CANDIDATE_STEP_M = 2;

export interface PlanRequest {
  id: number;
  input: PlanInput;
  targetM: number;
}

export type PlanAnswer =
  | { type: 'layer'; id: number; plan: PlanAccuracy; coverage: PlanCoverage }
  | { type: 'proposal'; id: number; proposal: PlanProposal | null };

export function computeLayer(req: PlanRequest): Extract<PlanAnswer, { type: 'layer' }> {
  const plan = planAccuracy(req.input);
  return { type: 'layer', id: req.id, plan, coverage: planCoverage(plan, req.targetM) };
}

export function computeProposal(req: PlanRequest): Extract<PlanAnswer, { type: 'proposal' }> {
  const proposal = proposeGateway(
    { ...req.input, step: PROPOSAL_STEP_M },
    { targetM: req.targetM, candidateStep: PROPOSAL_CANDIDATE_STEP_M },
  );
  return { type: 'proposal', id: req.id, proposal };
}

/** Runs requests, newest first: a request overtaken by a newer one before it starts is dropped. */
export interface PlanRunner {
  run(req: PlanRequest): void;
  dispose(): void;
}

/** In a worker when the page can start one, else in the page after the current task. */
export function createPlanRunner(onAnswer: (a: PlanAnswer) => void): PlanRunner {
  if (typeof Worker !== 'undefined') {
    const worker = new Worker(new URL('./plan.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<PlanAnswer>) => onAnswer(e.data);
    return {
      run: (req) => worker.postMessage(req),
      dispose: () => worker.terminate(),
    };
  }
  const queue = latestFirst(onAnswer);
  return { run: queue.push, dispose: queue.dispose };
}

/**
 * A queue that keeps only the newest request: its layer is computed and answered, then, if no
 * newer request came meanwhile, its proposal.
 */
export function latestFirst(answer: (a: PlanAnswer) => void) {
  let latest: PlanRequest | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const schedule = (step: () => void) => {
    if (!stopped) timer = setTimeout(step, 0);
  };
  const layer = () => {
    timer = null;
    const req = latest;
    if (!req) return;
    answer(computeLayer(req));
    // A newer layout pushed while answering has its own turn scheduled already.
    if (timer === null) schedule(() => proposal(req));
  };
  const proposal = (req: PlanRequest) => {
    timer = null;
    if (latest !== req) return layer();
    latest = null;
    answer(computeProposal(req));
  };
  return {
    push(req: PlanRequest) {
      latest = req;
      if (timer === null) schedule(layer);
    },
    dispose() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
    },
  };
}
