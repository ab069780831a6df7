/** Per-device settings: display name, colour, icon, showTrail (and, when editing, more). */
import { DEVICE_ICONS, type DeviceIcon, type PositioningMode } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { CheckboxField, ColorField, SelectField, TextField } from '../../ui/fields.tsx';

export interface DeviceSettingsValue {
  displayName: string;
  color: string;
  icon: DeviceIcon;
  showTrail: boolean;
  showOnMaps: boolean;
  positioningMode: PositioningMode;
}

const MODES: PositioningMode[] = ['auto', 'static', 'mobile'];

interface Props {
  value: DeviceSettingsValue;
  onChange: (value: DeviceSettingsValue) => void;
  /** The details dialog's Edit tab also covers showOnMaps and positioningMode. */
  extended?: boolean;
  idPrefix: string;
}

export function DeviceSettingsFields({ value, onChange, extended = false, idPrefix }: Props) {
  const { t } = useI18n();
  const set = (patch: Partial<DeviceSettingsValue>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="dlg-fields">
      <legend className="section-title">{t('devices.settingsTitle')}</legend>
      <TextField
        label={t('devices.displayName')}
        name="displayName"
        value={value.displayName}
        maxLength={200}
        onChange={(displayName) => set({ displayName })}
      />
      <div className="dlg-row">
        <ColorField
          label={t('devices.color')}
          value={value.color}
          onChange={(color) => set({ color })}
        />
        <SelectField
          className="grow"
          label={t('devices.icon')}
          name="icon"
          value={value.icon}
          options={DEVICE_ICONS.map((icon) => ({ value: icon, label: t(`devices.icons.${icon}`) }))}
          onChange={(icon) => set({ icon })}
        />
      </div>
      <CheckboxField
        id={`${idPrefix}-trail`}
        label={t('devices.showTrail')}
        checked={value.showTrail}
        onChange={(showTrail) => set({ showTrail })}
      />
      {extended && (
        <>
          <CheckboxField
            label={t('devices.showOnMaps')}
            checked={value.showOnMaps}
            onChange={(showOnMaps) => set({ showOnMaps })}
          />
          <SelectField
            label={t('devices.positioningMode')}
            name="positioningMode"
            value={value.positioningMode}
            options={MODES.map((m) => ({ value: m, label: t(`devices.modes.${m}`) }))}
            onChange={(positioningMode) => set({ positioningMode })}
          />
        </>
      )}
    </fieldset>
  );
}
