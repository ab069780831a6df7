/** Tooltip fields: enable each field and change the order with keyboard-friendly buttons. */
import { useRef } from 'react';
import type { TooltipField } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { useViewStore } from './view-store.ts';

/** The two move buttons of a field: their direction, step and arrow. */
const MOVES = [
  { move: 'up', delta: -1, arrow: '↑' },
  { move: 'down', delta: 1, arrow: '↓' },
] as const;

export function TooltipFieldsEditor() {
  const { t } = useI18n();
  const fields = useViewStore((s) => s.tooltipFields);
  const setTooltipFields = useViewStore((s) => s.setTooltipFields);
  const listRef = useRef<HTMLOListElement>(null);

  const save = (next: TooltipField[]) => void setTooltipFields(next);

  const move = (index: number, delta: -1 | 1) => {
    const target = index + delta;
    if (target < 0 || target >= fields.length) return;
    const next = fields.map((f) => ({ ...f }));
    [next[index]!.order, next[target]!.order] = [next[target]!.order, next[index]!.order];
    save(next);
    // Keep focus on the same control of the moved field, so repeated key presses keep moving it.
    const id = fields[index]!.id;
    const which = delta < 0 ? 'up' : 'down';
    requestAnimationFrame(() => {
      const el = listRef.current?.querySelector<HTMLButtonElement>(
        `[data-field="${id}"][data-move="${which}"]`,
      );
      (el && !el.disabled
        ? el
        : listRef.current?.querySelector<HTMLInputElement>(`#tf-${id}`)
      )?.focus();
    });
  };

  return (
    <fieldset className="view-controls tooltip-fields" data-testid="tooltip-fields">
      <legend className="section-title">{t('view.tooltipFields.title')}</legend>
      <ol className="tooltip-field-list" ref={listRef}>
        {fields.map((f, i) => {
          const label = t(`view.tooltipFields.fields.${f.id}`);
          return (
            <li key={f.id} className="tooltip-field" data-testid={`tooltip-field-${f.id}`}>
              <label className="checkbox grow" htmlFor={`tf-${f.id}`}>
                <input
                  id={`tf-${f.id}`}
                  type="checkbox"
                  checked={f.enabled}
                  onChange={(e) =>
                    save(
                      fields.map((x) => (x.id === f.id ? { ...x, enabled: e.target.checked } : x)),
                    )
                  }
                />
                <span>{label}</span>
              </label>
              {MOVES.map(({ move: which, delta, arrow }) => (
                <button
                  key={which}
                  type="button"
                  className="icon-button small"
                  data-field={f.id}
                  data-move={which}
                  aria-label={t(
                    which === 'up' ? 'view.tooltipFields.moveUp' : 'view.tooltipFields.moveDown',
                    { label },
                  )}
                  disabled={delta < 0 ? i === 0 : i === fields.length - 1}
                  onClick={() => move(i, delta)}
                >
                  <span aria-hidden="true">{arrow}</span>
                </button>
              ))}
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
