/** Positioning settings (spec §3 triangulation): edited as a draft, saved with one button. */
import { useState, type FormEvent } from 'react';
import { TRIANGULATION_ALGORITHMS, type TriangulationSettings } from '@rtls/contract';
import { useI18n } from '../../app/I18nProvider.tsx';
import { useViewStore } from './view-store.ts';

type NumericKey = 'minSignalCount' | 'minConfidence' | 'signalAgeWeight' | 'rssiWeight';

/** Bounds of the contract's TriangulationSettings schema. */
const NUMBERS: { key: NumericKey; min: number; max: number; step: number; integer?: boolean }[] = [
  { key: 'minSignalCount', min: 1, max: 32, step: 1, integer: true },
  { key: 'minConfidence', min: 0, max: 1, step: 0.05 },
  { key: 'signalAgeWeight', min: 0, max: 1, step: 0.05 },
  { key: 'rssiWeight', min: 0, max: 10, step: 0.1 },
];

type Draft = Omit<TriangulationSettings, NumericKey> & Record<NumericKey, string>;

const toDraft = (s: TriangulationSettings): Draft => ({
  ...s,
  minSignalCount: String(s.minSignalCount),
  minConfidence: String(s.minConfidence),
  signalAgeWeight: String(s.signalAgeWeight),
  rssiWeight: String(s.rssiWeight),
});

function parse(draft: Draft): TriangulationSettings | null {
  const out: TriangulationSettings = {
    enabled: draft.enabled,
    algorithm: draft.algorithm,
    showDebugInfo: draft.showDebugInfo,
    minSignalCount: 0,
    minConfidence: 0,
    signalAgeWeight: 0,
    rssiWeight: 0,
  };
  for (const { key, min, max, integer } of NUMBERS) {
    const n = draft[key].trim() === '' ? NaN : Number(draft[key]);
    if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) return null;
    out[key] = n;
  }
  return out;
}

const same = (a: TriangulationSettings, b: TriangulationSettings) =>
  (Object.keys(a) as (keyof TriangulationSettings)[]).every((k) => a[k] === b[k]);

export function TriangulationEditor() {
  const { t } = useI18n();
  const saved = useViewStore((s) => s.triangulation);
  const saveTriangulation = useViewStore((s) => s.saveTriangulation);
  const [draft, setDraft] = useState<Draft>(() => toDraft(saved));
  // New saved values replace the draft unless it holds the user's own edits.
  const [base, setBase] = useState(saved);
  if (base !== saved) {
    setBase(saved);
    const current = parse(draft);
    if (current && same(current, base)) setDraft(toDraft(saved));
  }

  const parsed = parse(draft);
  const dirty = parsed === null || !same(parsed, saved);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (parsed && dirty) void saveTriangulation(parsed);
  };

  return (
    <form className="view-controls triangulation" onSubmit={submit} data-testid="triangulation">
      <fieldset className="view-controls">
        <legend className="section-title">{t('view.triangulation.title')}</legend>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
          />
          <span>{t('view.triangulation.enabled')}</span>
        </label>
        <label className="field compact">
          <span>{t('view.triangulation.algorithm')}</span>
          <select
            value={draft.algorithm}
            onChange={(e) =>
              setDraft({ ...draft, algorithm: e.target.value as Draft['algorithm'] })
            }
          >
            {TRIANGULATION_ALGORITHMS.map((a) => (
              <option key={a} value={a}>
                {t(`view.triangulation.algorithms.${a}`)}
              </option>
            ))}
          </select>
        </label>
        {NUMBERS.map(({ key, min, max, step, integer }) => {
          const value = draft[key];
          const n = Number(value);
          const invalid =
            value.trim() === '' ||
            !Number.isFinite(n) ||
            n < min ||
            n > max ||
            (integer === true && !Number.isInteger(n));
          return (
            <label key={key} className="field compact">
              <span>{t(`view.triangulation.${key}`)}</span>
              <input
                type="number"
                inputMode="decimal"
                min={min}
                max={max}
                step={step}
                value={value}
                aria-invalid={invalid}
                onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
              />
              {invalid && (
                <small className="error-text">{t('view.triangulation.range', { min, max })}</small>
              )}
            </label>
          );
        })}
        <button type="submit" className="button primary" disabled={!parsed || !dirty}>
          {t('view.triangulation.save')}
        </button>
      </fieldset>
    </form>
  );
}
