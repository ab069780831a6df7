/**
 * Alerts of the maps the user can read, keyed by id: the open and acknowledged ones loaded over
 * REST (re-read after a reconnect), resolved ones (the history) when asked for, and every alert the
 * socket brings merged in. A newly opened alert raises a pop-up and a sound when the user wants; a
 * critical one, unless the user turned it off, a pop-up, an urgent sound and (once the browser
 * allows it) a browser notification.
 */
import { errorText } from '../../api/http.ts';
import { create } from 'zustand';
import * as api from '../../api/alerts.ts';
import type { Alert, AlertState, AlertUpdate, Severity } from '@rtls/contract';
import { browserNotice, playUrgent, type NoticePermission } from './critical-notice.ts';
import { showOnMap } from './show-on-map.ts';

const NOTIFY_KEY = 'rtls.alerts.notify';
const CRITICAL_SOUND_KEY = 'rtls.alerts.criticalSound';
const CRITICAL_BROWSER_KEY = 'rtls.alerts.criticalBrowser';
/** On unless the user turned it off in this browser. */
const storedOn = (key: string) => localStorage.getItem(key) !== 'false';
/** Most pop-ups shown at once; older ones give way. */
const MAX_TOASTS = 3;

interface AlertsState {
  entities: Record<string, Alert>;
  loading: boolean;
  error: string | null;
  historyLoaded: boolean;
  panelOpen: boolean;
  /** Sound and pop-up for new alerts (remembered in this browser). */
  notify: boolean;
  /** Urgent sound and pop-up for new critical alerts (on by default; remembered here). */
  criticalSound: boolean;
  /** Browser notifications for new critical alerts, once allowed (on by default). */
  criticalBrowser: boolean;
  /** Whether the browser shows this page's notifications. */
  permission: NoticePermission;
  /** Ids of the alerts whose pop-up is showing, newest last. */
  toasts: string[];
  /** The open and acknowledged alerts; replaces what was known of them. */
  load: () => Promise<void>;
  loadHistory: () => Promise<void>;
  /** Merge alert updates from the socket; a newly opened one pops up (when `notify` is on). */
  apply: (updates: readonly AlertUpdate[]) => void;
  acknowledge: (id: string) => Promise<void>;
  /**
   * Acknowledge these open alerts, or with 'all' every open alert the user may acknowledge (of
   * every map), in one call; resolves to how many were acknowledged.
   */
  acknowledgeMany: (ids: readonly string[] | 'all') => Promise<number>;
  resolve: (id: string) => Promise<void>;
  setPanelOpen: (open: boolean) => void;
  setNotify: (on: boolean) => void;
  setCriticalSound: (on: boolean) => void;
  setCriticalBrowser: (on: boolean) => void;
  /** Ask the browser to show notifications (from a click: browsers ignore it otherwise). */
  requestPermission: () => Promise<void>;
  /** Saving a critical rule asks once, when the browser has not been asked yet. */
  askForCritical: (severity: Severity) => void;
  dismissToast: (id: string) => void;
  reset: () => void;
}

const initial = {
  entities: {},
  loading: false,
  error: null,
  historyLoaded: false,
  panelOpen: false,
  toasts: [],
};

/** Called for each alert that pops up (the sound; urgent for critical ones); replaced in tests. */
export const alertSound = { play: playChime, playUrgent };

function playChime() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
    tone.onended = () => void audio.close();
  } catch {
    // No audio (a browser without Web Audio, or one that blocks it): the pop-up still shows.
  }
}

/** Alerts in one status, newest first. */
export const alertsIn = (entities: Record<string, Alert>, status: AlertState) =>
  Object.values(entities)
    .filter((a) => a.state === status)
    .sort((a, b) => b.openedAt.localeCompare(a.openedAt));

/**
 * Alerts of one rule about one device in one zone (or one gateway), of one kind of event: one
 * entry in the lists.
 */
export interface AlertGroup {
  key: string;
  /** Newest first; the first one is shown. */
  alerts: Alert[];
  /** Occurrences of them all (each alert counts its repeats). */
  count: number;
}

const groupKey = (a: Alert) =>
  [a.ruleId, a.event.type, a.event.mac ?? '', a.event.zoneId ?? '', a.event.gateway ?? ''].join(
    '|',
  );

/** Alerts in one status grouped by rule and device (zone, gateway), newest first. */
export function groupsIn(entities: Record<string, Alert>, status: AlertState): AlertGroup[] {
  const groups = new Map<string, AlertGroup>();
  for (const a of alertsIn(entities, status)) {
    const key = groupKey(a);
    const g = groups.get(key);
    if (g) {
      g.alerts.push(a);
      g.count += a.count;
    } else groups.set(key, { key, alerts: [a], count: a.count });
  }
  return [...groups.values()];
}

export const openCount = (entities: Record<string, Alert>) =>
  Object.values(entities).reduce((n, a) => n + (a.state === 'open' ? 1 : 0), 0);

const byId = (alerts: readonly Alert[]) => Object.fromEntries(alerts.map((a) => [a.id, a]));

const STAGE: Record<AlertState, number> = { open: 0, acknowledged: 1, resolved: 2 };
/**
 * Whether `a` is as late a version of an alert as `b` or later: an alert only counts up, and goes
 * from open to acknowledged to resolved until a repeat opens it again with one more count.
 */
const notOlder = (a: Alert, b: Alert) =>
  a.count !== b.count ? a.count > b.count : STAGE[a.state] >= STAGE[b.state];

/**
 * `entities` with `alerts` over them, except where what is there is later: an answer to a request
 * may arrive after a live update that the server sent after answering.
 */
function merged(entities: Record<string, Alert>, alerts: readonly Alert[]): Record<string, Alert> {
  const out = { ...entities };
  for (const a of alerts) {
    const had = out[a.id];
    if (!had || notOlder(a, had)) out[a.id] = a;
  }
  return out;
}

/** Per load in flight, the alerts that live updates changed meanwhile. */
const changedDuringLoads = new Set<Set<string>>();

export const useAlertsStore = create<AlertsState>((set, get) => ({
  ...initial,
  notify: localStorage.getItem(NOTIFY_KEY) === 'true',
  criticalSound: storedOn(CRITICAL_SOUND_KEY),
  criticalBrowser: storedOn(CRITICAL_BROWSER_KEY),
  permission: browserNotice.permission(),
  async load() {
    set({ loading: Object.keys(get().entities).length === 0, error: null });
    const changed = new Set<string>();
    changedDuringLoads.add(changed);
    try {
      const [open, acknowledged] = await Promise.all([
        api.fetchAlerts({ state: 'open' }),
        api.fetchAlerts({ state: 'acknowledged' }),
      ]);
      // The open and acknowledged alerts are the server's, but for those a live update changed
      // while the lists were on their way: the later of the two versions stands.
      set((s) => ({
        entities: merged(
          byId(
            Object.values(s.entities).filter((a) => a.state === 'resolved' || changed.has(a.id)),
          ),
          [...open, ...acknowledged],
        ),
        loading: false,
      }));
    } catch (err) {
      set({ loading: false, error: errorText(err) });
    } finally {
      changedDuringLoads.delete(changed);
    }
  },
  async loadHistory() {
    try {
      const resolved = await api.fetchAlerts({ state: 'resolved', limit: 100 });
      set((s) => ({ entities: merged(s.entities, resolved), historyLoaded: true }));
    } catch (err) {
      set({ error: errorText(err) });
    }
  },
  apply(updates) {
    const { entities, notify, criticalSound, criticalBrowser } = get();
    const alerts = updates.map((u) => u.alert);
    // New: opened now, or open again after it had resolved.
    const fresh = updates
      .filter(
        (u) =>
          u.action === 'opened' &&
          u.alert.state === 'open' &&
          (entities[u.alert.id]?.state ?? 'resolved') === 'resolved',
      )
      .map((u) => u.alert);
    const critical = fresh.filter((a) => a.severity === 'critical');
    // The open panel lists new alerts itself: a pop-up would only cover it.
    const popped = get().panelOpen ? [] : notify ? fresh : criticalSound ? critical : [];
    for (const changed of changedDuringLoads) for (const a of alerts) changed.add(a.id);
    set((s) => ({
      entities: merged(s.entities, alerts),
      ...(popped.length
        ? { toasts: [...s.toasts, ...popped.map((a) => a.id)].slice(-MAX_TOASTS) }
        : {}),
    }));
    if (criticalSound && critical.length) alertSound.playUrgent();
    else if (notify && fresh.length) alertSound.play();
    if (criticalBrowser)
      for (const a of critical)
        browserNotice.show(a, () => {
          showOnMap(a);
          get().setPanelOpen(true);
        });
  },
  async acknowledge(id) {
    const alert = await api.acknowledgeAlert(id);
    set((s) => ({ entities: merged(s.entities, [alert]) }));
  },
  async acknowledgeMany(ids) {
    if (ids !== 'all' && ids.length === 0) return 0;
    const done = await api.acknowledgeAlerts(ids === 'all' ? {} : { ids: [...ids] });
    set((s) => ({ entities: merged(s.entities, done) }));
    return done.length;
  },
  async resolve(id) {
    const alert = await api.resolveAlert(id);
    set((s) => ({ entities: merged(s.entities, [alert]) }));
  },
  // Opening the panel shows what the pop-ups said: they go.
  setPanelOpen: (panelOpen) => set(panelOpen ? { panelOpen, toasts: [] } : { panelOpen }),
  setNotify(notify) {
    localStorage.setItem(NOTIFY_KEY, String(notify));
    set(notify ? { notify } : { notify, toasts: [] });
  },
  setCriticalSound(criticalSound) {
    localStorage.setItem(CRITICAL_SOUND_KEY, String(criticalSound));
    set({ criticalSound });
  },
  setCriticalBrowser(criticalBrowser) {
    localStorage.setItem(CRITICAL_BROWSER_KEY, String(criticalBrowser));
    set({ criticalBrowser });
  },
  async requestPermission() {
    set({ permission: await browserNotice.request() });
  },
  askForCritical(severity) {
    if (severity === 'critical' && browserNotice.permission() === 'default')
      void get().requestPermission();
  },
  dismissToast: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t !== id) })),
  reset: () => set(initial),
}));
