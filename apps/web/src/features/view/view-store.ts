/**
 * The user's view settings: view options, tooltip fields, triangulation and trails. Defaults
 * come from the contract; they are loaded from and saved to the server only when signed in.
 * Failed saves keep the local change and are only logged.
 */
import { create } from 'zustand';
import {
  DEFAULT_TOOLTIP_FIELDS,
  DEFAULT_TRAIL_VIEW,
  DEFAULT_TRIANGULATION,
  DEFAULT_VIEW_OPTIONS,
  type TooltipField,
  type TrailView,
  type TriangulationSettings,
  type UserSettings,
  type ViewOptionKey,
  type ViewOptions,
} from '@rtls/contract';
import { getToken } from '../../api/token.ts';
import {
  fetchUserSettings,
  updateTooltipFields,
  updateTrailView,
  updateTriangulation,
  updateViewOption,
} from '../../api/user-settings.ts';

interface ViewState {
  viewOptions: ViewOptions;
  /** Sorted by `order`, numbered 1..n. */
  tooltipFields: TooltipField[];
  triangulation: TriangulationSettings;
  /** The map's trails: whose, and over how many minutes. */
  trails: TrailView;
  loaded: boolean;
  setViewOption: (key: ViewOptionKey, value: boolean) => void;
  setTooltipFields: (fields: TooltipField[]) => Promise<void>;
  saveTriangulation: (settings: TriangulationSettings) => Promise<void>;
  setTrails: (trails: Partial<TrailView>) => void;
  /** Reads the signed-in user's settings; keeps the defaults when that fails. */
  load: () => Promise<void>;
  reset: () => void;
}

/** Sorted by order and renumbered from 1, so moves are simple swaps. */
export function normaliseTooltipFields(fields: readonly TooltipField[]): TooltipField[] {
  return [...fields].sort((a, b) => a.order - b.order).map((f, i) => ({ ...f, order: i + 1 }));
}

const defaults = () => ({
  viewOptions: { ...DEFAULT_VIEW_OPTIONS },
  tooltipFields: normaliseTooltipFields(DEFAULT_TOOLTIP_FIELDS),
  triangulation: { ...DEFAULT_TRIANGULATION },
  trails: { ...DEFAULT_TRAIL_VIEW },
  loaded: false,
});

const signedIn = () => getToken() !== null;

function fromServer(s: UserSettings) {
  return {
    viewOptions: { ...DEFAULT_VIEW_OPTIONS, ...s.viewOptions },
    tooltipFields: normaliseTooltipFields(
      s.tooltipFields.length ? s.tooltipFields : DEFAULT_TOOLTIP_FIELDS,
    ),
    triangulation: { ...DEFAULT_TRIANGULATION, ...s.triangulation },
    trails: { ...DEFAULT_TRAIL_VIEW, ...s.trails },
  };
}

export const useViewStore = create<ViewState>((set, get) => ({
  ...defaults(),
  setViewOption(key, value) {
    set((s) => ({ viewOptions: { ...s.viewOptions, [key]: value } }));
    if (!signedIn()) return;
    updateViewOption(key, value).catch((err: unknown) =>
      console.error('Failed to update view option', err),
    );
  },
  async setTooltipFields(fields) {
    const tooltipFields = normaliseTooltipFields(fields);
    set({ tooltipFields });
    if (!signedIn()) return;
    await updateTooltipFields(tooltipFields).catch((err: unknown) =>
      console.error('Failed to update tooltip fields', err),
    );
  },
  async saveTriangulation(triangulation) {
    set({ triangulation: { ...triangulation } });
    if (!signedIn()) return;
    await updateTriangulation(triangulation).catch((err: unknown) =>
      console.error('Failed to update triangulation settings', err),
    );
  },
  setTrails(patch) {
    const trails = { ...get().trails, ...patch };
    set({ trails });
    if (!signedIn()) return;
    updateTrailView(trails).catch((err: unknown) =>
      console.error('Failed to update user settings', err),
    );
  },
  async load() {
    if (!signedIn()) return;
    try {
      set({ ...fromServer(await fetchUserSettings()), loaded: true });
    } catch (err) {
      console.error('Failed to fetch user settings', err);
    }
  },
  reset: () => set(defaults()),
}));
