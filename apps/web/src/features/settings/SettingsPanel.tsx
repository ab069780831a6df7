/**
 * The settings panel of spec §2 (no tab button; opened from the header menu): theme, default map
 * image, the announced upload, zoom bounds, refresh rate and display checkboxes. Save Changes and
 * Reset Changes appear only while there are unsaved edits.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { MAP_IMAGE_CHOICES, REFRESH_RATE_OPTIONS_S, THEMES } from '@rtls/contract';
import { useI18n } from '../../app/I18nProvider.tsx';
import { useUiStore } from '../layout/ui-store.ts';
import { useSettingsStore } from './settings-store.ts';
import { ZOOM_FIELDS, draftChanged, fromDraft, toDraft, zoomValid } from './zoom-fields.ts';

const DISPLAY_KEYS = [
  'showTooltipsOnStartup',
  'showSystemNotifications',
  'rememberMapPosition',
] as const;

const imagePath = (file: string) => `/maps/${file}`;

export function SettingsPanel() {
  const { t } = useI18n();
  const saved = useSettingsStore((s) => s.saved);
  const save = useSettingsStore((s) => s.save);
  const close = useUiStore((s) => s.setSettingsOpen);
  const [draft, setDraft] = useState(() => toDraft(saved));
  const headingRef = useRef<HTMLHeadingElement>(null);
  // New saved values (the user's settings arriving, or a save) replace the draft unless it holds
  // edits of the user's own.
  const [base, setBase] = useState(saved);
  if (base !== saved) {
    setBase(saved);
    if (!draftChanged(draft, base)) setDraft(toDraft(saved));
  }
  useEffect(() => headingRef.current?.focus(), []);

  const changed = draftChanged(draft, saved);
  const parsed = fromDraft(draft);
  const rates = REFRESH_RATE_OPTIONS_S.map((s) => s * 1000);
  if (!rates.includes(draft.pollInterval)) rates.push(draft.pollInterval);
  const images = MAP_IMAGE_CHOICES.map(imagePath);
  if (!images.includes(draft.defaultImage)) images.push(draft.defaultImage);

  const onUpload = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      window.alert(t('settings.notAnImage'));
      return;
    }
    window.alert(t('settings.uploadSoon', { name: file.name }));
  };

  return (
    <section
      className="settings-panel"
      aria-labelledby="settings-title"
      data-testid="settings-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') close(false);
      }}
    >
      <div className="settings-head">
        <h3 id="settings-title" tabIndex={-1} ref={headingRef}>
          {t('settings.title')}
        </h3>
        <button
          type="button"
          className="icon-button"
          aria-label={t('settings.close')}
          onClick={() => close(false)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>

      <fieldset className="settings-group">
        <legend className="section-title">{t('settings.appearance')}</legend>
        <div className="segmented" role="radiogroup" aria-label={t('settings.theme')}>
          {THEMES.map((theme) => (
            <button
              key={theme}
              type="button"
              role="radio"
              aria-checked={draft.theme === theme}
              onClick={() => setDraft({ ...draft, theme })}
            >
              {t(`settings.themes.${theme}`)}
            </button>
          ))}
        </div>
      </fieldset>

      <fieldset className="settings-group">
        <legend className="section-title">{t('settings.map')}</legend>
        <label className="field compact">
          <span>{t('settings.defaultImage')}</span>
          <select
            name="defaultImage"
            value={draft.defaultImage}
            onChange={(e) => setDraft({ ...draft, defaultImage: e.target.value })}
          >
            {images.map((p) => (
              <option key={p} value={p}>
                {p.replace(/^\/maps\//, '')}
              </option>
            ))}
          </select>
        </label>
        <img className="settings-preview" src={draft.defaultImage} alt="" />
        <label className="field compact">
          <span>{t('settings.uploadImage')}</span>
          <input type="file" name="upload" accept="image/*" onChange={onUpload} />
        </label>
        {ZOOM_FIELDS.map(({ key, min, max, step }) => {
          const valid = zoomValid(key, draft[key]);
          return (
            <label key={key} className="field compact">
              <span>{t(`settings.${key}`)}</span>
              <input
                type="number"
                name={key}
                min={min}
                max={max}
                step={step}
                value={draft[key]}
                aria-invalid={!valid}
                onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
              />
              {!valid && <small className="error-text">{t('settings.range', { min, max })}</small>}
            </label>
          );
        })}
      </fieldset>

      <fieldset className="settings-group">
        <legend className="section-title">{t('settings.data')}</legend>
        <label className="field compact">
          <span>{t('settings.refreshRate')}</span>
          <select
            name="refreshRate"
            value={draft.pollInterval}
            onChange={(e) => setDraft({ ...draft, pollInterval: Number(e.target.value) })}
          >
            {rates.map((ms) => (
              <option key={ms} value={ms}>
                {t('settings.seconds', { value: ms / 1000 })}
              </option>
            ))}
          </select>
        </label>
      </fieldset>

      <fieldset className="settings-group">
        <legend className="section-title">{t('settings.display')}</legend>
        {DISPLAY_KEYS.map((key) => (
          <label key={key} className="checkbox">
            <input
              type="checkbox"
              name={key}
              checked={draft[key]}
              onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })}
            />
            <span>{t(`settings.${key}`)}</span>
          </label>
        ))}
      </fieldset>

      {changed && (
        <div className="settings-actions" role="group" aria-label={t('settings.unsaved')}>
          <button
            type="button"
            className="button primary"
            disabled={!parsed}
            onClick={() => parsed && void save(parsed)}
          >
            {t('settings.save')}
          </button>
          <button type="button" className="button" onClick={() => setDraft(toDraft(saved))}>
            {t('settings.reset')}
          </button>
        </div>
      )}
    </section>
  );
}
