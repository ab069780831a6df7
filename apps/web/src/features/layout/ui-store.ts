/** UI state: language and direction, theme, panel visibility and the active tools tab. */
import { create } from 'zustand';
import type { Theme } from '@rtls/contract';
import { STORAGE_KEYS, type Language } from '../../constants.ts';

export type ToolsTab = 'maps' | 'devices' | 'gateways' | 'view' | 'zones' | 'settings';

interface UiState {
  language: Language;
  theme: Theme;
  isUtilityCardMinimized: boolean;
  toolsTab: ToolsTab;
  selectedDeviceMac: string | null;
  selectedGatewayMac: string | null;
  setLanguage: (language: Language) => void;
  toggleLanguage: () => void;
  setTheme: (theme: Theme) => void;
  /** A theme shown but not chosen yet (the settings panel's unsaved choice); null shows `theme`. */
  previewTheme: Theme | null;
  setPreviewTheme: (theme: Theme | null) => void;
  toggleUtilityCard: () => void;
  setToolsTab: (tab: ToolsTab) => void;
  selectDevice: (mac: string | null) => void;
  /**
   * A device to centre on its map as soon as it is drawn there (an alert's "Show on map"); the
   * map's camera clears it once done.
   */
  deviceFocus: { mac: string; mapId: string } | null;
  /** Select the device and ask its map to centre on it. */
  focusDevice: (mac: string, mapId: string) => void;
  /** Edit mode: gateways can be dragged; the map canvas toggles it, the banner saves. */
  isEditMode: boolean;
  setEditMode: (on: boolean) => void;
  /** The settings panel, opened from the header menu. */
  isSettingsOpen: boolean;
  setSettingsOpen: (open: boolean) => void;
}

const storedLanguage = (): Language =>
  localStorage.getItem(STORAGE_KEYS.language) === 'he' ? 'he' : 'en';
const storedTheme = (): Theme =>
  localStorage.getItem(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';

export const useUiStore = create<UiState>((set, get) => ({
  language: storedLanguage(),
  theme: storedTheme(),
  isUtilityCardMinimized: false,
  toolsTab: 'devices',
  selectedDeviceMac: null,
  selectedGatewayMac: null,
  setLanguage: (language) => {
    localStorage.setItem(STORAGE_KEYS.language, language);
    set({ language });
  },
  toggleLanguage: () => get().setLanguage(get().language === 'en' ? 'he' : 'en'),
  setTheme: (theme) => {
    localStorage.setItem(STORAGE_KEYS.theme, theme);
    set({ theme });
  },
  previewTheme: null,
  setPreviewTheme: (previewTheme) => set({ previewTheme }),
  toggleUtilityCard: () => set((s) => ({ isUtilityCardMinimized: !s.isUtilityCardMinimized })),
  setToolsTab: (toolsTab) => set({ toolsTab }),
  isEditMode: false,
  setEditMode: (isEditMode) => set({ isEditMode }),
  isSettingsOpen: false,
  // Opening the settings shows the tools panel, where the settings are drawn.
  setSettingsOpen: (isSettingsOpen) =>
    set(isSettingsOpen ? { isSettingsOpen, isUtilityCardMinimized: false } : { isSettingsOpen }),
  selectDevice: (mac) =>
    set((s) => ({ selectedDeviceMac: s.selectedDeviceMac === mac ? null : mac })),
  deviceFocus: null,
  focusDevice: (mac, mapId) => set({ selectedDeviceMac: mac, deviceFocus: { mac, mapId } }),
}));
