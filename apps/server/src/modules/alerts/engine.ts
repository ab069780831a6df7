/**
 * Turns presence into events and rules into alerts. enter and exit are always recorded; dwell and
 * absence are checked every tick against the map's enabled rules and recorded once per occurrence
 * (one stay, one absence, per duration). Each rule fires once per occurrence; alerts of conditions
 * (dwell, absent, offline) resolve by themselves when the condition ends. An enter or exit rule
 * with a dwell counts the transition once the device has stayed in (or out) that long, checked on
 * the tick; a repeat within a rule's cool-down is counted on its alert (alerts-repository). Database
 * work runs in one queue, so events, alerts and what follows them (webhooks) keep their order.
 * Transitions still in their dwell are held in memory: a restart forgets them.
 */
import {
  TIMED_EVENT_TYPES,
  type Alert,
  type EventDetail,
  type EventType,
  type Rule,
} from '@rtls/contract';
import type { PresenceListener, PresenceMap } from '../presence/service.ts';
import type { Track, Transition } from '../presence/tracker.ts';
import type { AlertsRepository } from './alerts-repository.ts';
import type { EventsRepository, NewEvent } from './events-repository.ts';
import type { RulesRepository } from './rules-repository.ts';
import { createUnitOfWork, type AlertingSink, type Atomically } from './unit-of-work.ts';

export type { AlertingSink, AlertStores } from './unit-of-work.ts';

export interface AlertingOptions {
  events: EventsRepository;
  rules: RulesRepository;
  alerts: AlertsRepository;
  /** The owner of a map (whose webhooks and MQTT output get its events). */
  mapOwner: (mapId: string) => Promise<string | null>;
  /**
   * Run fn with the stores bound to one transaction (events, the alerts they open and what durable
   * sinks queue commit together). Default: the stores as given, without a transaction.
   */
  atomically?: Atomically;
  onError?: (err: unknown) => void;
}

/** An occurrence: what happened, and the key that makes it happen once. */
export interface Occurrence extends Omit<NewEvent, 'occurrence'> {
  /** For conditions: the key the rule fires once for (and that resolves when it ends). */
  key?: string;
  /** Without a key: the event's own id, so that a rule checked later finds the same event. */
  once?: string;
}

interface Pending {
  o: Occurrence;
  record: NewEvent;
  matching: readonly Rule[];
  /** False when the event was recorded and told before (a rule whose dwell just passed). */
  tellEvent: boolean;
}

/** An enter or exit waiting for a rule's dwell to pass. */
interface Waiting {
  o: Occurrence;
  ruleId: string;
  due: number;
  /** The device's presence on the map, as it goes on changing. */
  track: Track;
}

/**
 * Whether a transition in its dwell still stands (null: it was undone), and whether it counts now:
 * an entry while the positions are inside the zone (not while an exit is pending), an exit while
 * they are not heading back in (no entry to the zone pending).
 */
function standing(w: Waiting): boolean | null {
  const t = w.track;
  if (w.o.type === 'enter') {
    if (t.zoneId !== w.o.zoneId || t.enteredAt !== w.o.at) return null;
    return t.outsideSince === null;
  }
  if (t.zoneId === w.o.zoneId) return null;
  return t.candidate !== w.o.zoneId;
}

const ANY = '*';
/** What repeats of a rule are matched on: the device, the zone and the gateway. */
const repeatKeyOf = (o: Occurrence) => `${o.mac ?? ANY}|${o.zoneId ?? ANY}|${o.gateway ?? ANY}`;
const TIMED: readonly string[] = TIMED_EVENT_TYPES;
const matches = (rule: Rule, type: EventType, zoneId?: string | null, mac?: string | null) =>
  rule.enabled &&
  rule.type === type &&
  (rule.zoneId === null || rule.zoneId === zoneId) &&
  (rule.mac === null || rule.mac === mac);

export function createAlerting(opts: AlertingOptions) {
  const { events, rules, alerts, mapOwner, onError = () => undefined } = opts;
  const sinks: AlertingSink[] = [];
  /** Every map's rules (maps without any are absent); read at start and when they change. */
  const rulesByMap = new Map<string, Rule[]>();
  /**
   * Conditions a rule fired for that have not ended, by the condition's prefix (the key without
   * its occurrence and duration: `dwell|<mac>|<zone>|`), each holding `${ruleId}|${key}`.
   */
  const fired = new Map<string, Set<string>>();
  const prefixOf = (key: string) => `${key.split('|').slice(0, -2).join('|')}|`;
  const hasFired = (ruleId: string, key: string, prefix = prefixOf(key)) =>
    fired.get(prefix)?.has(`${ruleId}|${key}`) ?? false;
  const markFired = (ruleId: string, key: string) => {
    const p = prefixOf(key);
    let set = fired.get(p);
    if (!set) fired.set(p, (set = new Set()));
    set.add(`${ruleId}|${key}`);
  };
  /** Enters and exits in their rules' dwell, by `${mapId}|${mac}|${zoneId}`. */
  const waiting = new Map<string, Waiting[]>();
  let queue: Promise<unknown> = Promise.resolve();
  /** Events waiting to be stored together (the batch queued last, still open). */
  let batch: Pending[] | null = null;
  const enqueue = (fn: () => Promise<unknown>) => {
    queue = queue.then(fn).catch(onError);
    return queue;
  };

  const rulesOf = (mapId: string): readonly Rule[] => rulesByMap.get(mapId) ?? [];

  const unit = createUnitOfWork({
    sinks,
    mapOwner,
    atomically: opts.atomically,
    stores: { events, alerts },
    onError,
  });

  /**
   * Record the event, open an alert for each matching rule, and tell the sinks. `tellEvent` false:
   * the event is already recorded and told (its occurrence finds it), only the rules are new.
   */
  function happen(o: Occurrence, matching: readonly Rule[], tellEvent = true) {
    if (o.key) {
      const key = o.key;
      const fresh = matching.filter((r) => !hasFired(r.id, key));
      if (fresh.length === 0) return;
      for (const r of fresh) markFired(r.id, key);
      matching = fresh;
    }
    if (!batch) {
      const b: Pending[] = (batch = []);
      void enqueue(() => flush(b));
    }
    const th = o.detail.thresholdSeconds;
    const occurrence = o.key ? `${o.key}|${th ?? ''}` : o.once;
    const { key: _key, once: _once, ...fields } = o;
    const record: NewEvent = { ...fields, ...(occurrence ? { occurrence } : {}) };
    batch.push({ o, record, matching, tellEvent });
  }

  /**
   * Store a batch of events in one statement, then, in order, tell the sinks and open the alerts.
   * Events that happen while a batch is stored join the next one.
   */
  async function flush(b: Pending[]) {
    if (batch === b) batch = null;
    await unit(
      b.map((p) => p.o.mapId),
      async (s, tell) => {
        const stored = await s.events.recordMany(b.map((p) => p.record));
        for (const [i, { o, matching, tellEvent }] of b.entries()) {
          const event = stored[i]!;
          if (tellEvent) await tell({ kind: 'event', mapId: o.mapId, payload: event });
          for (const rule of matching) {
            const occurrence = o.key ?? `${o.type}|${event.id}`;
            const opened = await s.alerts.open(rule, event, occurrence, repeatKeyOf(o));
            if (opened) await tell({ kind: 'alert', mapId: o.mapId, payload: opened });
          }
        }
      },
    );
  }

  /** Conditions that ended: their alerts resolve, and their rules may fire again next time. */
  function ended(mapId: string, prefixes: string[]) {
    let any = false;
    for (const p of prefixes) any = fired.delete(p) || any;
    if (!any) return;
    // Later events go after this resolution, in a batch of their own.
    batch = null;
    void enqueue(() =>
      unit([mapId], async (s, tell) => {
        for (const alert of await s.alerts.resolveConditions(mapId, prefixes))
          await tell({ kind: 'alert', mapId, payload: { action: 'updated', alert } });
      }),
    );
  }

  /**
   * A user's change to an alert of the map (acknowledge, resolve): `write` stores it, and the
   * sinks hear of it as of the engine's own changes. Null when `write` changed nothing.
   */
  function userChange(mapId: string, write: (alerts: AlertsRepository) => Promise<Alert | null>) {
    return unit([mapId], async (s, tell) => {
      const alert = await write(s.alerts);
      if (alert) await tell({ kind: 'alert', mapId, payload: { action: 'updated', alert } });
      return alert;
    });
  }

  /** A user's change to many alerts of the map at once (see userChange). */
  function userChanges(mapId: string, write: (alerts: AlertsRepository) => Promise<Alert[]>) {
    return unit([mapId], async (s, tell) => {
      const changed = await write(s.alerts);
      for (const alert of changed)
        await tell({ kind: 'alert', mapId, payload: { action: 'updated', alert } });
      return changed;
    });
  }

  function onTransitions(track: Track, transitions: readonly Transition[], map: PresenceMap) {
    const list = rulesOf(map.mapId);
    for (const tr of transitions) {
      if (tr.kind === 'state') continue;
      const zoneName = map.shapes.byId.get(tr.zoneId)?.name;
      const detail: EventDetail = { ...(zoneName ? { zoneName } : {}) };
      if (tr.kind === 'exit') {
        detail.reason = tr.reason;
        detail.durationSeconds = Math.round((tr.at - tr.enteredAt) / 1000);
        ended(map.mapId, [`dwell|${track.mac}|${tr.zoneId}|`]);
      } else {
        ended(map.mapId, [`absent|${track.mac}|${tr.zoneId}|`, `absent|${ANY}|${tr.zoneId}|`]);
      }
      const o: Occurrence = {
        mapId: map.mapId,
        type: tr.kind,
        at: tr.at,
        zoneId: tr.zoneId,
        mac: track.mac,
        detail,
        once: `${tr.kind}|${track.mac}|${tr.zoneId}|${tr.at}`,
      };
      const matching = list.filter((r) => matches(r, tr.kind, tr.zoneId, track.mac));
      happen(
        o,
        matching.filter((r) => r.dwellSeconds === 0),
      );
      wait(o, track, matching);
    }
  }

  /**
   * An enter cancels the exits of the same device and zone still in their dwell, an exit the
   * enters; the rules of this transition with a dwell wait for it.
   */
  function wait(o: Occurrence, track: Track, matching: readonly Rule[]) {
    const where = `${o.mapId}|${track.mac}|${o.zoneId}`;
    const kept = (waiting.get(where) ?? []).filter((w) => w.o.type === o.type);
    for (const r of matching)
      if (r.dwellSeconds > 0)
        kept.push({ o, ruleId: r.id, due: o.at + r.dwellSeconds * 1000, track });
    if (kept.length > 0) waiting.set(where, kept);
    else waiting.delete(where);
  }

  /**
   * Transitions whose dwell passed count for their rules (as the rules are now: edits apply); one
   * whose device is on its way back (see standing) waits until that is decided.
   */
  function dwellsPassed(now: number) {
    for (const [where, list] of waiting) {
      const rest: Waiting[] = [];
      for (const w of list) {
        const stands = w.due <= now ? standing(w) : undefined;
        if (stands === undefined || stands === false) rest.push(w);
        if (!stands) continue;
        const rule = rulesOf(w.o.mapId).find((r) => r.id === w.ruleId);
        if (rule && matches(rule, w.o.type, w.o.zoneId, w.o.mac)) happen(w.o, [rule], false);
      }
      if (rest.length > 0) waiting.set(where, rest);
      else waiting.delete(where);
    }
  }

  /** dwell, and a device's absence, per map with such rules (an empty zone: see monitor.ts). */
  function onTick(now: number, maps: Iterable<PresenceMap>) {
    dwellsPassed(now);
    for (const map of maps) {
      const list = rulesOf(map.mapId).filter(
        (r) => r.enabled && (r.type === 'dwell' || (r.type === 'absent' && r.mac !== null)),
      );
      if (list.length === 0) continue;
      for (const track of map.tracks.values())
        for (const rule of list) checkTrack(rule, track, map, now);
    }
  }

  function checkTrack(rule: Rule, t: Track, map: PresenceMap, now: number) {
    const th = rule.thresholdSeconds! * 1000;
    if (rule.mac !== null && rule.mac !== t.mac) return;
    if (rule.type === 'dwell') {
      if (t.zoneId === null || t.enteredAt === null) return;
      if (rule.zoneId !== null && rule.zoneId !== t.zoneId) return;
      if (now - t.enteredAt < th) return;
      const prefix = `dwell|${t.mac}|${t.zoneId}|`;
      const key = `${prefix}${t.enteredAt}|${rule.thresholdSeconds}`;
      // Checked every tick for every stay past its time: answer cheaply once fired.
      if (hasFired(rule.id, key, prefix)) return;
      const zoneName = map.shapes.byId.get(t.zoneId)?.name;
      happen(
        {
          mapId: map.mapId,
          type: 'dwell',
          at: t.enteredAt + th,
          zoneId: t.zoneId,
          mac: t.mac,
          key,
          detail: { thresholdSeconds: rule.thresholdSeconds!, ...(zoneName ? { zoneName } : {}) },
        },
        [rule],
      );
    } else if (rule.mac !== null && t.zoneId !== rule.zoneId) {
      const since = t.lastExit?.zoneId === rule.zoneId ? t.lastExit.at : t.createdAt;
      if (now - since < th) return;
      const prefix = `absent|${t.mac}|${rule.zoneId}|`;
      const key = `${prefix}${since}|${rule.thresholdSeconds}`;
      if (hasFired(rule.id, key, prefix)) return;
      const zoneName = map.shapes.byId.get(rule.zoneId!)?.name;
      happen(
        {
          mapId: map.mapId,
          type: 'absent',
          at: since + th,
          zoneId: rule.zoneId,
          mac: t.mac,
          key,
          detail: { thresholdSeconds: rule.thresholdSeconds!, ...(zoneName ? { zoneName } : {}) },
        },
        [rule],
      );
    }
  }

  const listener: PresenceListener = { changed: onTransitions, tick: onTick };

  return {
    listener,
    addSink(s: AlertingSink) {
      sinks.push(s);
    },
    /** Remember the conditions whose alerts are still unresolved (a restart keeps firing once). */
    async start() {
      for (const o of await alerts.unresolvedOccurrences())
        if (TIMED.some((t) => o.occurrence.startsWith(`${t}|`))) markFired(o.ruleId, o.occurrence);
      await this.reloadRules();
    },
    /** Read every map's rules again (changes made through another instance arrive this way). */
    async reloadRules() {
      const next = new Map<string, Rule[]>();
      for (const r of await rules.all()) {
        const list = next.get(r.mapId);
        if (list) list.push(r);
        else next.set(r.mapId, [r]);
      }
      rulesByMap.clear();
      for (const [k, v] of next) rulesByMap.set(k, v);
    },
    /** A map's rules changed: read them again. */
    async rulesChanged(mapId: string) {
      const list = await rules.ofMap(mapId);
      if (list.length > 0) rulesByMap.set(mapId, list);
      else rulesByMap.delete(mapId);
    },
    rulesOf,
    /** The enabled rules of one type, on every map. */
    rulesOfType(type: EventType): Rule[] {
      const out: Rule[] = [];
      for (const list of rulesByMap.values())
        for (const r of list) if (r.enabled && r.type === type) out.push(r);
      return out;
    },
    happen,
    ended,
    userChange,
    userChanges,
    matches,
    /** Wait for the queued database work (tests, shutdown). */
    settled: () => queue.then(() => undefined),
  };
}
export type Alerting = ReturnType<typeof createAlerting>;
