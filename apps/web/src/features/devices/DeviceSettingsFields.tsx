/** Per-device settings of spec §2: display name, colour, icon, showTrail (and, when editing, more). */
import { DEVICE_ICONS, type DeviceIcon, type PositioningMode } from '@rtls/contract';
import { useI18n } from '../../app/I18nProvider.tsx';

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
      <label className="field">
        <span>{t('devices.displayName')}</span>
        <input
          name="displayName"
          value={value.displayName}
          maxLength={200}
          onChange={(e) => set({ displayName: e.target.value })}
        />
      </label>
      <div className="dlg-row">
        <label className="field">
          <span>{t('devices.color')}</span>
          <input
            name="color"
            type="color"
            value={value.color}
            onChange={(e) => set({ color: e.target.value })}
          />
        </label>
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
      <label className="checkbox">
        <input
          id={`${idPrefix}-trail`}
          type="checkbox"
          checked={value.showTrail}
          onChange={(e) => set({ showTrail: e.target.checked })}
        />
        <span>{t('devices.showTrail')}</span>
      </label>
      {extended && (
        <>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={value.showOnMaps}
              onChange={(e) => set({ showOnMaps: e.target.checked })}
            />
            <span>{t('devices.showOnMaps')}</span>
          </label>
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
