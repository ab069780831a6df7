/** The View tab's trails: whose trails the map draws, and over how many recent minutes. */
import { TRAIL_MINUTES_CHOICES, TRAIL_SHOW } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { SelectField } from '../../ui/fields.tsx';
import { useViewStore } from './view-store.ts';

export function TrailsEditor() {
  const { t } = useI18n();
  const trails = useViewStore((s) => s.trails);
  const setTrails = useViewStore((s) => s.setTrails);
  return (
    <fieldset className="view-controls" data-testid="trail-controls">
      <legend className="section-title">{t('view.trails.title')}</legend>
      <SelectField
        label={t('view.trails.show')}
        name="trailShow"
        value={trails.show}
        options={TRAIL_SHOW.map((show) => ({ value: show, label: t(`view.trails.shows.${show}`) }))}
        onChange={(show) => setTrails({ show })}
      />
      <SelectField
        label={t('view.trails.minutes')}
        name="trailMinutes"
        value={trails.minutes}
        options={TRAIL_MINUTES_CHOICES.map((count) => ({
          value: count,
          label: t('view.trails.minutesValue', { count }),
        }))}
        onChange={(minutes) => setTrails({ minutes })}
      />
    </fieldset>
  );
}
