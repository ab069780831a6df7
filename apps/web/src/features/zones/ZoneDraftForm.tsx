/**
 * The zone being drawn or edited: how to draw it, its name and colour, Save and Cancel. The outline
 * itself is drawn on the map (ZoneDrawLayer); both read the same draft.
 */
import { useId, type FormEvent } from 'react';
import { ZONE_LIMITS } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { canSave } from './zone-draft.ts';
import { isValidPolygon } from './zone-geometry.ts';
import { useZonesStore } from './zones-store.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { FormActions } from '../../ui/FormActions.tsx';
import { NameField } from '../../ui/fields.tsx';

export function ZoneDraftForm() {
  const { t } = useI18n();
  const draft = useZonesStore((s) => s.draft);
  const saving = useZonesStore((s) => s.saving);
  const error = useZonesStore((s) => s.error);
  const id = useId();
  if (!draft) return null;
  const change = useZonesStore.getState().changeDraft;
  const invalidOutline = draft.closed && !isValidPolygon(draft.vertices);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void useZonesStore.getState().saveDraft();
  };

  return (
    <form
      className="zone-draft-form"
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      data-testid="zone-draft-form"
    >
      <h3 id={`${id}-title`} className="section-title">
        {draft.zoneId ? t('zones.form.editTitle') : t('zones.form.newTitle')}
      </h3>
      <p className="small" id={`${id}-hint`} aria-live="polite">
        {draft.closed ? t('zones.draw.hintClosed') : t('zones.draw.hintOpen')}
      </p>
      <p className="small muted" data-testid="zone-corners">
        {t('zones.draw.corners', { count: draft.vertices.length })}
      </p>
      {invalidOutline && (
        <p className="error-text small" role="alert">
          {t('zones.draw.invalid')}
        </p>
      )}
      <NameField
        name="zoneName"
        label={t('zones.form.name')}
        value={draft.name}
        maxLength={ZONE_LIMITS.nameMaxChars}
        describedBy={`${id}-hint`}
        onChange={(name) => change((d) => ({ ...d, name }))}
      />
      <label className="field compact">
        <span>{t('zones.form.color')}</span>
        <input
          name="zoneColor"
          type="color"
          value={draft.color}
          onChange={(e) => change((d) => ({ ...d, color: e.target.value }))}
        />
      </label>
      <ErrorText error={error} />
      <FormActions
        cancel={t('zones.form.cancel')}
        onCancel={() => useZonesStore.getState().cancelDraft()}
        submit={t('zones.form.save')}
        busy={saving}
        ready={canSave(draft)}
        cancelAnytime
      />
    </form>
  );
}
