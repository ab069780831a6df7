/**
 * The settings panel (no tab button; opened from the header menu): theme, default map
 * image, the announced upload, zoom bounds, refresh rate and display checkboxes. Save Changes and
 * Reset Changes appear only while there are unsaved edits. A theme choice is previewed until then;
 * closing the panel with unsaved edits asks first (save, discard or keep editing), so nothing the
 * user picked is dropped without a word.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { THEMES } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { useUiStore } from '../layout/ui-store.ts';
import { useSettingsStore } from './settings-store.ts';
import { ZOOM_FIELDS, draftChanged, fromDraft, toDraft, zoomValid } from './zoom-fields.ts';
import { CheckboxField, NumberRangeField, SelectField } from '../../ui/fields.tsx';
import { IngestKeysSection } from '../ingest-keys/IngestKeysSection.tsx';
import { WebhooksSection } from '../webhooks/WebhooksSection.tsx';
import { MqttOutputSection } from '../mqtt-output/MqttOutputSection.tsx';
import { MAP_IMAGE_CHOICES, REFRESH_RATE_OPTIONS_S } from '../../constants.ts';

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
  const setOpen = useUiStore((s) => s.setSettingsOpen);
  const [draft, setDraft] = useState(() => toDraft(saved));
  const [asking, setAsking] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // New saved values (the user's settings arriving, or a save) replace the draft unless it holds
  // edits of the user's own.
  const [base, setBase] = useState(saved);
  if (base !== saved) {
    setBase(saved);
    if (!draftChanged(draft, base)) setDraft(toDraft(saved));
  }
  useEffect(() => headingRef.current?.focus(), []);
  // The theme picked shows at once; Reset, or closing without saving, goes back to the saved one.
  useEffect(() => {
    useUiStore.getState().setPreviewTheme(draft.theme === saved.theme ? null : draft.theme);
  }, [draft.theme, saved.theme]);
  useEffect(() => () => useUiStore.getState().setPreviewTheme(null), []);

  const changed = draftChanged(draft, saved);
  const parsed = fromDraft(draft);
  const close = () => (changed ? setAsking(true) : setOpen(false));
  const saveDraft = () => parsed && void save(parsed);
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
        if (e.key === 'Escape') close();
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
          onClick={close}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>

      <fieldset className="settings-group">
        <legend className="section-title">{t('settings.appearance')}</legend>
        <div className="segmented" role="radiogroup" aria-label={t('settings.theme')}>
          {THEMES.map((theme, i) => (
            <button
              key={theme}
              type="button"
              role="radio"
              aria-checked={draft.theme === theme}
              tabIndex={draft.theme === theme ? 0 : -1}
              onClick={() => setDraft({ ...draft, theme })}
              onKeyDown={(e) => {
                // Arrow keys move and select within the group (WAI-ARIA radio group pattern).
                const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
                if (!step) return;
                e.preventDefault();
                const horizontal = e.key === 'ArrowLeft' || e.key === 'ArrowRight';
                const flip = horizontal && document.documentElement.dir === 'rtl';
                const next = (i + (flip ? -step : step) + THEMES.length) % THEMES.length;
                setDraft({ ...draft, theme: THEMES[next]! });
                const group = e.currentTarget.parentElement;
                group?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[next]?.focus();
              }}
            >
              {t(`settings.themes.${theme}`)}
            </button>
          ))}
        </div>
      </fieldset>

      <fieldset className="settings-group">
        <legend className="section-title">{t('settings.map')}</legend>
        <SelectField
          compact
          label={t('settings.defaultImage')}
          name="defaultImage"
          value={draft.defaultImage}
          options={images.map((p) => ({ value: p, label: p.replace(/^\/maps\//, '') }))}
          onChange={(defaultImage) => setDraft({ ...draft, defaultImage })}
        />
        <img className="settings-preview" src={draft.defaultImage} alt="" />
        <div className="field compact">
          <span aria-hidden="true">{t('settings.uploadImage')}</span>
          {/* The browser's own file button would speak the browser's language, not the console's. */}
          <label className="button file-button">
            {t('settings.chooseFile')}
            <input
              type="file"
              name="upload"
              accept="image/*"
              className="visually-hidden"
              aria-label={t('settings.uploadImage')}
              onChange={onUpload}
            />
          </label>
        </div>
        {ZOOM_FIELDS.map(({ key, min, max, step }) => (
          <NumberRangeField
            key={key}
            label={t(`settings.${key}`)}
            name={key}
            min={min}
            max={max}
            step={step}
            value={draft[key]}
            invalid={!zoomValid(key, draft[key])}
            rangeText={t('settings.range', { min, max })}
            onChange={(value) => setDraft({ ...draft, [key]: value })}
          />
        ))}
      </fieldset>

      <fieldset className="settings-group">
        <legend className="section-title">{t('settings.data')}</legend>
        <SelectField
          compact
          label={t('settings.refreshRate')}
          name="refreshRate"
          value={draft.pollInterval}
          options={rates.map((ms) => ({
            value: ms,
            label: t('settings.seconds', { value: ms / 1000 }),
          }))}
          onChange={(pollInterval) => setDraft({ ...draft, pollInterval })}
        />
      </fieldset>

      <fieldset className="settings-group">
        <legend className="section-title">{t('settings.display')}</legend>
        {DISPLAY_KEYS.map((key) => (
          <CheckboxField
            key={key}
            name={key}
            label={t(`settings.${key}`)}
            checked={draft[key]}
            onChange={(checked) => setDraft({ ...draft, [key]: checked })}
          />
        ))}
      </fieldset>

      <IngestKeysSection />
      <WebhooksSection />
      <MqttOutputSection />

      {changed && asking && (
        <div
          className="settings-actions"
          role="alertdialog"
          aria-modal="false"
          aria-labelledby="settings-close-unsaved"
          data-testid="settings-close-unsaved"
        >
          <p id="settings-close-unsaved">{t('settings.closeUnsaved')}</p>
          <button
            type="button"
            className="button primary"
            disabled={!parsed}
            autoFocus
            onClick={() => {
              saveDraft();
              setOpen(false);
            }}
          >
            {t('settings.save')}
          </button>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t('settings.discard')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setAsking(false);
              headingRef.current?.focus();
            }}
          >
            {t('settings.keepEditing')}
          </button>
        </div>
      )}
      {changed && !asking && (
        <div className="settings-actions" role="group" aria-label={t('settings.unsaved')}>
          <button type="button" className="button primary" disabled={!parsed} onClick={saveDraft}>
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
