/**
 * App settings: the local file /config/settings.md gives the base, the user's saved
 * settings (GET /settings) override it. Save writes PUT /settings; a failed save is only logged.
 */
import { create } from 'zustand';
import type { AppSettings, Theme } from '@rtls/contract';
import { fetchAppSettings, saveAppSettings } from '../../api/settings.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { FILE_SETTINGS_DEFAULTS, loadSettingsFile, type FileSettings } from './settings-md.ts';

/** What the settings panel edits. */
export interface PanelSettings {
  theme: Theme;
  defaultImage: string;
  defaultZoom: number;
  minZoom: number;
  maxZoom: number;
  pollInterval: number;
  showTooltipsOnStartup: boolean;
  showSystemNotifications: boolean;
  rememberMapPosition: boolean;
}

interface SettingsState {
  /** The API endpoint named by the settings file (its `endpoint`). */
  endpoint: string;
  saved: PanelSettings;
  loaded: boolean;
  load: () => Promise<void>;
  save: (next: PanelSettings) => Promise<void>;
  reset: () => void;
}

const DISPLAY_DEFAULTS = {
  showTooltipsOnStartup: true,
  showSystemNotifications: true,
  rememberMapPosition: true,
};

function combine(file: FileSettings, config: AppSettings, theme: Theme): PanelSettings {
  return {
    theme: config.theme ?? theme,
    defaultImage: config.defaultImage ?? file.defaultImage,
    defaultZoom: config.defaultZoom ?? file.defaultZoom,
    minZoom: config.minZoom ?? file.minZoom,
    maxZoom: config.maxZoom ?? file.maxZoom,
    pollInterval: config.pollInterval ?? file.pollInterval,
    showTooltipsOnStartup: config.showTooltipsOnStartup ?? DISPLAY_DEFAULTS.showTooltipsOnStartup,
    showSystemNotifications:
      config.showSystemNotifications ?? DISPLAY_DEFAULTS.showSystemNotifications,
    rememberMapPosition: config.rememberMapPosition ?? DISPLAY_DEFAULTS.rememberMapPosition,
  };
}

const initial = () => ({
  endpoint: FILE_SETTINGS_DEFAULTS.endpoint,
  saved: combine(FILE_SETTINGS_DEFAULTS, {}, useUiStore.getState().theme),
  loaded: false,
});

export const useSettingsStore = create<SettingsState>((set) => ({
  ...initial(),
  async load() {
    const file = await loadSettingsFile();
    let config: AppSettings = {};
    try {
      config = await fetchAppSettings();
    } catch (err) {
      console.error('Failed to fetch settings', err);
    }
    const saved = combine(file, config, useUiStore.getState().theme);
    if (saved.theme !== useUiStore.getState().theme) useUiStore.getState().setTheme(saved.theme);
    set({ endpoint: file.endpoint, saved, loaded: true });
  },
  async save(next) {
    set({ saved: { ...next } });
    useUiStore.getState().setTheme(next.theme);
    try {
      await saveAppSettings({ ...next });
    } catch (err) {
      console.error('Failed to save settings', err);
    }
  },
  reset: () => set(initial()),
}));
