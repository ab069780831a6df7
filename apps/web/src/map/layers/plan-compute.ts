/**
 * The predicted-accuracy layer's computations, run in workers (plan.worker.ts) or in the page
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
  /** The layer (for every redraw) or the proposal (once the layout holds still). */
  part: 'layer' | 'proposal';
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

export const compute = (req: PlanRequest): PlanAnswer =>
  req.part === 'layer' ? computeLayer(req) : computeProposal(req);

/** How long the layout must hold still before its proposal is worked out (ms). */
export const PROPOSAL_AFTER_MS = 250;

/** Runs the layer of every layout and the proposal of the one that holds still. */
export interface PlanRunner {
  run(req: Omit<PlanRequest, 'part'>): void;
  dispose(): void;
}

/**
 * Layers and proposals on two workers when the page can start them (a proposal, half a second on
 * a big floor, never holds up a redraw), else both in the page.
 */
export function createPlanRunner(onAnswer: (a: PlanAnswer) => void): PlanRunner {
  const [layers, proposals] =
    typeof Worker !== 'undefined'
      ? [inWorker(onAnswer), inWorker(onAnswer)]
      : [latestOnly(onAnswer), latestOnly(onAnswer)];
  let wait: ReturnType<typeof setTimeout> | null = null;
  return {
    run(req) {
      layers.push({ ...req, part: 'layer' });
      if (wait !== null) clearTimeout(wait);
      wait = setTimeout(() => {
        wait = null;
        proposals.push({ ...req, part: 'proposal' });
      }, PROPOSAL_AFTER_MS);
    },
    dispose() {
      if (wait !== null) clearTimeout(wait);
      layers.dispose();
      proposals.dispose();
    },
  };
}

interface Queue {
  push(req: PlanRequest): void;
  dispose(): void;
}

function inWorker(onAnswer: (a: PlanAnswer) => void): Queue {
  const worker = new Worker(new URL('./plan.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (e: MessageEvent<PlanAnswer>) => onAnswer(e.data);
  return { push: (req) => worker.postMessage(req), dispose: () => worker.terminate() };
}

/**
 * A queue that computes only the newest request: requests that arrive while one is computed
 * replace each other, and the last of them is computed next.
 */
export function latestOnly(answer: (a: PlanAnswer) => void): Queue {
  let latest: PlanRequest | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const next = () => {
    timer = null;
    const req = latest;
    latest = null;
    if (req) answer(compute(req));
  };
  return {
    push(req) {
      latest = req;
      timer ??= setTimeout(next, 0);
    },
    dispose() {
      latest = null;
      if (timer !== null) clearTimeout(timer);
    },
  };
}
