/**
 * Alerts of the maps the user can read, keyed by id: the open and acknowledged ones loaded over
 * REST (re-read after a reconnect), resolved ones (the history) when asked for, and every alert the
 * socket brings merged in. A newly opened alert raises a pop-up and a sound when the user wants.
 */
import { errorText } from '../../api/http.ts';
import { create } from 'zustand';
import * as api from '../../api/alerts.ts';
import type { Alert, AlertState, AlertUpdate } from '@rtls/contract';

const NOTIFY_KEY = 'rtls.alerts.notify';
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
  /** Ids of the alerts whose pop-up is showing, newest last. */
  toasts: string[];
  /** The open and acknowledged alerts; replaces what was known of them. */
  load: () => Promise<void>;
  loadHistory: () => Promise<void>;
  /** Merge alert updates from the socket; a newly opened one pops up (when `notify` is on). */
  apply: (updates: readonly AlertUpdate[]) => void;
  acknowledge: (id: string) => Promise<void>;
  resolve: (id: string) => Promise<void>;
  setPanelOpen: (open: boolean) => void;
  setNotify: (on: boolean) => void;
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

/** Called for each alert that pops up (the sound); replaced in tests. */
export const alertSound = { play: playChime };

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

export const openCount = (entities: Record<string, Alert>) =>
  Object.values(entities).reduce((n, a) => n + (a.state === 'open' ? 1 : 0), 0);

const byId = (alerts: readonly Alert[]) => Object.fromEntries(alerts.map((a) => [a.id, a]));

export const useAlertsStore = create<AlertsState>((set, get) => ({
  ...initial,
  notify: localStorage.getItem(NOTIFY_KEY) === 'true',
  async load() {
    set({ loading: Object.keys(get().entities).length === 0, error: null });
    try {
      const [open, acknowledged] = await Promise.all([
        api.fetchAlerts({ state: 'open' }),
        api.fetchAlerts({ state: 'acknowledged' }),
      ]);
      set((s) => ({
        entities: {
          ...byId(Object.values(s.entities).filter((a) => a.state === 'resolved')),
          ...byId(open),
          ...byId(acknowledged),
        },
        loading: false,
      }));
    } catch (err) {
      set({ loading: false, error: errorText(err) });
    }
  },
  async loadHistory() {
    try {
      const resolved = await api.fetchAlerts({ state: 'resolved', limit: 100 });
      set((s) => ({ entities: { ...byId(resolved), ...s.entities }, historyLoaded: true }));
    } catch (err) {
      set({ error: errorText(err) });
    }
  },
  apply(updates) {
    const { entities, notify } = get();
    const alerts = updates.map((u) => u.alert);
    const fresh = updates
      .filter((u) => u.action === 'opened' && u.alert.state === 'open' && !entities[u.alert.id])
      .map((u) => u.alert);
    set((s) => ({
      entities: { ...s.entities, ...byId(alerts) },
      ...(notify && fresh.length
        ? { toasts: [...s.toasts, ...fresh.map((a) => a.id)].slice(-MAX_TOASTS) }
        : {}),
    }));
    if (notify && fresh.length) alertSound.play();
  },
  async acknowledge(id) {
    const alert = await api.acknowledgeAlert(id);
    set((s) => ({ entities: { ...s.entities, [alert.id]: alert } }));
  },
  async resolve(id) {
    const alert = await api.resolveAlert(id);
    set((s) => ({ entities: { ...s.entities, [alert.id]: alert } }));
  },
  setPanelOpen: (panelOpen) => set({ panelOpen }),
  setNotify(notify) {
    localStorage.setItem(NOTIFY_KEY, String(notify));
    set(notify ? { notify } : { notify, toasts: [] });
  },
  dismissToast: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t !== id) })),
  reset: () => set(initial),
}));
