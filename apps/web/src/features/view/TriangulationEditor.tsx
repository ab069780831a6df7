/** Positioning settings (the user's triangulation settings): edited as a draft, saved with one button. */
import { useState, type FormEvent } from 'react';
import { TRIANGULATION_ALGORITHMS, type TriangulationSettings } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { CheckboxField, NumberRangeField, SelectField } from '../../ui/fields.tsx';
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

/** A number typed as text within [min, max] (and whole when `integer`). */
function inRange(text: string, min: number, max: number, integer?: boolean): boolean {
  const n = text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(n) && n >= min && n <= max && (!integer || Number.isInteger(n));
}

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
    if (!inRange(draft[key], min, max, integer)) return null;
    out[key] = Number(draft[key]);
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
        <CheckboxField
          label={t('view.triangulation.enabled')}
          checked={draft.enabled}
          onChange={(enabled) => setDraft({ ...draft, enabled })}
        />
        <SelectField
          compact
          label={t('view.triangulation.algorithm')}
          name="algorithm"
          value={draft.algorithm}
          options={TRIANGULATION_ALGORITHMS.map((a) => ({
            value: a,
            label: t(`view.triangulation.algorithms.${a}`),
          }))}
          onChange={(algorithm) => setDraft({ ...draft, algorithm })}
        />
        {NUMBERS.map(({ key, min, max, step, integer }) => (
          <NumberRangeField
            key={key}
            label={t(`view.triangulation.${key}`)}
            inputMode="decimal"
            min={min}
            max={max}
            step={step}
            value={draft[key]}
            invalid={!inRange(draft[key], min, max, integer)}
            rangeText={t('view.triangulation.range', { min, max })}
            onChange={(value) => setDraft({ ...draft, [key]: value })}
          />
        ))}
        <button type="submit" className="button primary" disabled={!parsed || !dirty}>
          {t('view.triangulation.save')}
        </button>
      </fieldset>
    </form>
  );
}
