/** The settings panel's zoom inputs and their bounds, and the draft check. */
import type { PanelSettings } from './settings-store.ts';

export type ZoomKey = 'defaultZoom' | 'minZoom' | 'maxZoom';

export const ZOOM_FIELDS: { key: ZoomKey; min: number; max: number; step: number }[] = [
  { key: 'defaultZoom', min: 0.1, max: 5, step: 0.1 },
  { key: 'minZoom', min: 0.1, max: 2, step: 0.1 },
  { key: 'maxZoom', min: 1, max: 10, step: 0.1 },
];

/** Zoom inputs are edited as text so a half-typed number does not jump; this is the draft. */
export type SettingsDraft = Omit<PanelSettings, ZoomKey> & Record<ZoomKey, string>;

export const toDraft = (s: PanelSettings): SettingsDraft => ({
  ...s,
  defaultZoom: String(s.defaultZoom),
  minZoom: String(s.minZoom),
  maxZoom: String(s.maxZoom),
});

export function zoomValid(key: ZoomKey, text: string): boolean {
  const f = ZOOM_FIELDS.find((z) => z.key === key)!;
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n >= f.min && n <= f.max;
}

/** The settings a draft stands for, or null while a zoom input is out of bounds. */
export function fromDraft(d: SettingsDraft): PanelSettings | null {
  if (!ZOOM_FIELDS.every(({ key }) => zoomValid(key, d[key]))) return null;
  return {
    ...d,
    defaultZoom: Number(d.defaultZoom),
    minZoom: Number(d.minZoom),
    maxZoom: Number(d.maxZoom),
  };
}

/** Whether the draft differs from the saved settings (a half-typed draft counts as a change). */
export function draftChanged(d: SettingsDraft, saved: PanelSettings): boolean {
  const parsed = fromDraft(d);
  if (!parsed) return true;
  return (Object.keys(saved) as (keyof PanelSettings)[]).some((k) => parsed[k] !== saved[k]);
}
