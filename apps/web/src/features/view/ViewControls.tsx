/** View tab: a checkbox per view option, the trails, the tooltip fields and the positioning settings. */
import { VIEW_OPTION_KEYS } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { CheckboxField } from '../../ui/fields.tsx';
import { TooltipFieldsEditor } from './TooltipFieldsEditor.tsx';
import { TrailsEditor } from './TrailsEditor.tsx';
import { TriangulationEditor } from './TriangulationEditor.tsx';
import { floorShown, useFloorStore } from '../floor/floor-store.ts';
import { useZonesStore } from '../zones/zones-store.ts';
import { useViewStore } from './view-store.ts';

export function ViewControls() {
  const { t } = useI18n();
  const viewOptions = useViewStore((s) => s.viewOptions);
  const setViewOption = useViewStore((s) => s.setViewOption);
  const showZones = useZonesStore((s) => s.visible);
  const showFloor = useFloorStore(floorShown);
  return (
    <div className="view-tab" data-testid="view-controls">
      <fieldset className="view-controls">
        <legend className="section-title">{t('view.title')}</legend>
        {VIEW_OPTION_KEYS.map((key) => (
          <CheckboxField
            key={key}
            name={key}
            label={t(`view.options.${key}`)}
            checked={viewOptions[key]}
            onChange={(checked) => setViewOption(key, checked)}
          />
        ))}
        <CheckboxField
          name="showZones"
          label={t('zones.showLayer')}
          checked={showZones}
          onChange={(on) => useZonesStore.getState().setVisible(on)}
        />
        <CheckboxField
          name="showFloorModel"
          label={t('floor.showLayer')}
          checked={showFloor}
          onChange={(on) => useFloorStore.getState().setVisible(on)}
        />
      </fieldset>
      <TrailsEditor />
      <TooltipFieldsEditor />
      <TriangulationEditor />
    </div>
  );
}
