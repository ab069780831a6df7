/**
 * Which floor of a building a tag is on, from what the gateways of every floor hear, shown on one
 * floor only. A belief over the floors follows the readings (each floor weighed by the strongest
 * few readings of its own gateways: a tag is nearest to gateways of its own floor, since every floor
 * between adds its loss) and moves between floors as people do: rarely, to the next floor, more
 * readily near stairs or a lift. The shown floor changes only past guards that keep a tag from
 * flipping: the new floor's belief must be strong, its own gateways must confirm it (several of
 * them heard, leading the current floor's), for a few seconds, and longer for a move of two
 * floors at once.
 */

/** A floor of the building: its level (storeys, 0 the ground floor) and its gateways. */
export interface BuildingFloor {
  level: number;
  gateways: ReadonlySet<string>;
}

/** One reading of the tag in an epoch. */
export interface FloorReading {
  gateway: string;
  rssi: number;
}

export interface FloorChoiceOptions {
  /**
   * Spread (dB) of a floor's level (its strongest readings) about what it would be on the tag's
   * floor: a floor whose level is this much below another's is e times less likely. Shadowing is
   * 4–8 dB indoors.
   */
  spreadDb?: number;
  /** Rate (1/s) of moving to another floor away from stairs and lifts. */
  changePerS?: number;
  /** The same near stairs or a lift. */
  changeNearLinkPerS?: number;
  /** Share of the belief the new floor needs before the shown floor changes. */
  switchShare?: number;
  /** Seconds the new floor must keep that share and its confirmation (half near a link). */
  confirmS?: number;
  /** Seconds for a move of two floors or more at once (with switchShare raised to skipShare). */
  skipConfirmS?: number;
  skipShare?: number;
  /** Own gateways of the new floor that must hear the tag (all of them when it has fewer). */
  minOwnGateways?: number;
}

/** What the choice says after an epoch. */
export interface FloorDecision {
  /** The floor the tag is shown on; null until one of the floors' own gateways heard it. */
  floor: string | null;
  /** The belief's share of each floor. */
  shares: Map<string, number>;
}

/** What a floor whose gateways heard nothing counts as having heard (dBm): below sensitivity. */
const UNHEARD_DBM = -105;
/** How many of a floor's strongest readings tell its level. */
const TOP_K = 3;

/**
 * Generic values: a storey changed about once in two minutes of walking, faster by the stairs.
 * spreadDb, TOP_K and confirmS were chosen on the three-storey simulation (simulate:quality
 * --floors 3, seeds 1–3 of 20 minutes) and checked on seeds 4–6:
 * - the strongest three readings and 4 dB: right floor 97.4–98.1 % against 96.4–97.4 % with the
 *   strongest reading alone and 6 dB; longest wait for the new floor 5–11 s against 9–39 s;
 * - confirmS 2 s (1 s near stairs): right floor 98.1–98.6 % on seeds 1–3 and 98.2–98.3 % on
 *   4–6, the new floor a median 3 s after the stairs, no flip; 3 s kept the tag on the old floor
 *   a second longer on every trip (97.4–98.1 %), and 1 s let a floor flip on seed 1.
 */
const DEFAULTS: Required<FloorChoiceOptions> = {
  spreadDb: 4,
  changePerS: 0.01,
  changeNearLinkPerS: 0.2,
  switchShare: 0.9,
  confirmS: 2,
  skipConfirmS: 8,
  skipShare: 0.98,
  minOwnGateways: 2,
};

export function createFloorChoice(
  floors: ReadonlyMap<string, BuildingFloor>,
  options: FloorChoiceOptions = {},
) {
  const o = { ...DEFAULTS, ...options };
  const ids = [...floors.keys()];
  const byGateway = new Map<string, string>();
  for (const [id, f] of floors) for (const g of f.gateways) byGateway.set(g, id);
  let belief = new Map(ids.map((id) => [id, 1 / ids.length]));
  let shown: string | null = null;
  let lastT = Number.NaN;
  /** The floor the shown one may change to, and since when it has qualified (ms). */
  let candidate: { floor: string; since: number } | null = null;

  /** Move the belief dtS seconds ahead: some of each floor's share goes to the others. */
  function predict(dtS: number, nearLink: boolean) {
    const rate = nearLink ? o.changeNearLinkPerS : o.changePerS;
    const leave = 1 - Math.exp(-rate * dtS);
    const next = new Map(ids.map((id) => [id, 0]));
    for (const from of ids) {
      const share = belief.get(from)!;
      const level = floors.get(from)!.level;
      // Leaving goes to the other floors, each two floors away a tenth as likely as the next.
      let weights = 0;
      const w = new Map<string, number>();
      for (const to of ids) {
        if (to === from) continue;
        const steps = Math.abs(floors.get(to)!.level - level);
        const weight = steps <= 1 ? 1 : 0.1 ** (steps - 1);
        w.set(to, weight);
        weights += weight;
      }
      const gone = weights > 0 ? leave : 0;
      next.set(from, next.get(from)! + share * (1 - gone));
      for (const [to, weight] of w) next.set(to, next.get(to)! + (share * gone * weight) / weights);
    }
    belief = next;
  }

  /**
   * Each floor's level: the mean of its own gateways' TOP_K strongest readings (a gateway not
   * heard counts as UNHEARD_DBM), and how many of them heard the tag. One gateway right above or
   * below the tag can outshine its own floor's farther ones; a few of them together cannot.
   */
  function heardBy(readings: readonly FloorReading[]) {
    const byFloor = new Map<string, number[]>();
    for (const r of readings) {
      const floor = byGateway.get(r.gateway);
      if (floor === undefined || !Number.isFinite(r.rssi)) continue;
      const list = byFloor.get(floor);
      if (list) list.push(r.rssi);
      else byFloor.set(floor, [r.rssi]);
    }
    const strongest = new Map<string, number>();
    const own = new Map<string, number>();
    for (const [floor, levels] of byFloor) {
      levels.sort((a, b) => b - a);
      const k = Math.min(TOP_K, floors.get(floor)!.gateways.size);
      let sum = 0;
      for (let i = 0; i < k; i++) sum += levels[i] ?? UNHEARD_DBM;
      strongest.set(floor, sum / k);
      own.set(floor, levels.length);
    }
    return { strongest, own };
  }

  /** Whether `to` qualifies to replace the shown floor this epoch. */
  function qualifies(
    to: string,
    heard: ReturnType<typeof heardBy>,
    steps: number,
  ): { ok: boolean; holdS: number } {
    const skip = steps >= 2;
    const share = belief.get(to)!;
    const needed = Math.min(o.minOwnGateways, floors.get(to)!.gateways.size);
    const own = heard.own.get(to) ?? 0;
    const leads =
      (heard.strongest.get(to) ?? -Infinity) >=
      (shown === null ? -Infinity : (heard.strongest.get(shown) ?? -Infinity));
    return {
      ok: share >= (skip ? o.skipShare : o.switchShare) && own >= needed && leads,
      holdS: skip ? o.skipConfirmS : o.confirmS,
    };
  }

  return {
    /**
     * Take one epoch's readings at tMs; `nearLink` when the tag's position on its shown floor is
     * by stairs or a lift.
     */
    update(readings: readonly FloorReading[], tMs: number, nearLink = false): FloorDecision {
      const dtS = Number.isFinite(lastT) ? Math.max(0, (tMs - lastT) / 1000) : 0;
      lastT = tMs;
      if (dtS > 0) predict(dtS, nearLink);
      const heard = heardBy(readings);
      if (heard.strongest.size > 0) {
        let best = -Infinity;
        for (const v of heard.strongest.values()) best = Math.max(best, v);
        let total = 0;
        for (const id of ids) {
          const level = heard.strongest.get(id) ?? UNHEARD_DBM;
          const v = belief.get(id)! * Math.exp((Math.min(level, best) - best) / o.spreadDb);
          belief.set(id, v);
          total += v;
        }
        for (const id of ids) belief.set(id, belief.get(id)! / total);
      }
      let top = ids[0]!;
      for (const id of ids) if (belief.get(id)! > belief.get(top)!) top = id;
      if (shown === null) {
        // The first floor shown is the likeliest one once its own gateways heard the tag.
        if (heard.own.has(top)) shown = top;
        return { floor: shown, shares: new Map(belief) };
      }
      if (top === shown) {
        candidate = null;
        return { floor: shown, shares: new Map(belief) };
      }
      const steps = Math.abs(floors.get(top)!.level - floors.get(shown)!.level);
      const q = qualifies(top, heard, steps);
      if (!q.ok) candidate = null;
      else {
        if (!candidate || candidate.floor !== top) candidate = { floor: top, since: tMs };
        const holdMs = (1000 * q.holdS) / (nearLink ? 2 : 1);
        if (tMs - candidate.since >= holdMs) {
          shown = top;
          candidate = null;
        }
      }
      return { floor: shown, shares: new Map(belief) };
    },
    /** The floor shown now. */
    get floor() {
      return shown;
    },
    reset() {
      belief = new Map(ids.map((id) => [id, 1 / ids.length]));
      shown = null;
      candidate = null;
      lastT = Number.NaN;
    },
  };
}
export type FloorChoice = ReturnType<typeof createFloorChoice>;
