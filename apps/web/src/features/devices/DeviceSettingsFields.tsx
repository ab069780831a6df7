/** Per-device settings of spec §2: display name, colour, icon, showTrail (and, when editing, more). */
import { DEVICE_ICONS, type DeviceIcon, type PositioningMode } from '@rtls/contract';
import { useI18n } from '../../app/I18nProvider.tsx';
import { CheckboxField, ColorField, TextField } from '../../ui/fields.tsx';

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
        <label className="field grow">
          <span>{t('devices.icon')}</span>
          <select
            name="icon"
            value={value.icon}
            onChange={(e) => set({ icon: e.target.value as DeviceIcon })}
          >
            {DEVICE_ICONS.map((icon) => (
              <option key={icon} value={icon}>
                {t(`devices.icons.${icon}`)}
              </option>
            ))}
          </select>
        </label>
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
          <label className="field">
            <span>{t('devices.positioningMode')}</span>
            <select
              name="positioningMode"
              value={value.positioningMode}
              onChange={(e) => set({ positioningMode: e.target.value as PositioningMode })}
            >
              {MODES.map((m) => (
                <option key={m} value={m}>
                  {t(`devices.modes.${m}`)}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
    </fieldset>
  );
}
