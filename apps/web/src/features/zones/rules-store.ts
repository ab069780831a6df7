/** Rules of the map on screen keyed by id: loaded with the map, created, changed and deleted. */
import { errorText } from '../../api/http.ts';
import { create } from 'zustand';
import * as api from '../../api/zones.ts';
import { openMap } from '../../state/map-scoped-store.ts';
import { without } from '../../state/records.ts';
import { TIMED_EVENT_TYPES, type EventType, type Rule, type RuleCreateBody } from '@rtls/contract';

interface RulesState {
  mapId: string | null;
  entities: Record<string, Rule>;
  loading: boolean;
  error: string | null;
  loadForMap: (mapId: string | null) => Promise<void>;
  /** Create (ruleId null) or replace a rule; a failure is thrown to the form that asked. */
  save: (ruleId: string | null, body: RuleCreateBody) => Promise<Rule>;
  remove: (ruleId: string) => Promise<void>;
  reset: () => void;
}

const initial = { mapId: null, entities: {}, loading: false, error: null };

/** Event types that happen in a zone (the others are about a device or gateway anywhere). */
export const ZONE_EVENTS: readonly EventType[] = ['enter', 'exit', 'dwell', 'absent'];
/** Event types that need a duration. */
export const TIMED_EVENTS: readonly EventType[] = TIMED_EVENT_TYPES;
/** Event types whose rule must name one zone (absence from "any zone" means nothing). */
export const ZONE_REQUIRED: readonly EventType[] = ['absent'];

export const sortedRules = (entities: Record<string, Rule>) =>
  Object.values(entities).sort((a, b) => a.name.localeCompare(b.name));

export const useRulesStore = create<RulesState>((set, get) => ({
  ...initial,
  async loadForMap(mapId) {
    if (!openMap(get, set, initial, mapId)) return;
    try {
      const rules = await api.fetchRules(mapId);
      if (get().mapId !== mapId) return;
      set({ entities: Object.fromEntries(rules.map((r) => [r.id, r])), loading: false });
    } catch (err) {
      set({ loading: false, error: errorText(err) });
    }
  },
  async save(ruleId, body) {
    const mapId = get().mapId;
    if (!mapId) throw new Error('No map');
    const rule = ruleId
      ? await api.updateRule(mapId, ruleId, body)
      : await api.createRule(mapId, body);
    if (get().mapId === mapId) set((s) => ({ entities: { ...s.entities, [rule.id]: rule } }));
    return rule;
  },
  async remove(ruleId) {
    const mapId = get().mapId;
    if (!mapId) return;
    await api.deleteRule(mapId, ruleId);
    set((s) => ({ entities: without(s.entities, ruleId) }));
  },
  reset: () => set(initial),
}));
