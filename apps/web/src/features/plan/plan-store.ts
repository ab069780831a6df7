/**
 * The predicted-accuracy layer's state: whether it is shown, the target error, the gateway
 * taken out for a "what if it fails", and what the last prediction gave (the floor share within
 * the target and the proposed extra gateway).
 */
import { create } from 'zustand';
import type { PlanCoverage } from '@rtls/positioning';

/** Targets (m of p90 error) the installer picks from. */
export const PLAN_TARGETS_M = [1, 2, 3, 5, 8] as const;
/** What BLE RSSI positioning typically reaches with a gateway per room: room-level, ~5 m p90. */
export const DEFAULT_PLAN_TARGET_M = 5;

/** A proposed extra gateway (map pixels, and metres), with the coverage before and after it. */
export interface ShownProposal {
  x: number;
  y: number;
  xM: number;
  yM: number;
  before: PlanCoverage;
  after: PlanCoverage;
}

interface PlanState {
  visible: boolean;
  targetM: number;
  /** MAC of the gateway the layer leaves out ("what if this one fails"), or null. */
  without: string | null;
  /** Coverage of the layout drawn last; null until the first prediction. */
  coverage: PlanCoverage | null;
  /** The proposal for the layout drawn last; null while it is worked out or when there is none. */
  proposal: ShownProposal | null;
  setVisible: (visible: boolean) => void;
  setTarget: (targetM: number) => void;
  setWithout: (mac: string | null) => void;
  setCoverage: (coverage: PlanCoverage | null) => void;
  setProposal: (proposal: ShownProposal | null) => void;
  reset: () => void;
}

const initial = {
  visible: false,
  targetM: DEFAULT_PLAN_TARGET_M,
  without: null,
  coverage: null,
  proposal: null,
};

export const usePlanStore = create<PlanState>((set) => ({
  ...initial,
  setVisible: (visible) => set(visible ? { visible } : { visible, coverage: null, proposal: null }),
  setTarget: (targetM) => set({ targetM }),
  setWithout: (without) => set({ without }),
  setCoverage: (coverage) => set({ coverage }),
  setProposal: (proposal) => set({ proposal }),
  reset: () => set(initial),
}));
