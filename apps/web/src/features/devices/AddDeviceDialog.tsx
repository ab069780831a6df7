/** Add Device to Monitoring (spec §2, §5): pick an available device or enter MAC and name. */
import { useEffect, useState } from 'react';
import { DEVICE_DEFAULT_COLOR } from '@rtls/contract';
import { formatDate } from '../../app/format.ts';
import { useI18n } from '../../app/I18nProvider.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { DeviceSettingsFields, type DeviceSettingsValue } from './DeviceSettingsFields.tsx';
import { reportedName, useDevicesStore } from './devices-store.ts';

type Source = 'available' | 'manual';

export function AddDeviceDialog({ onClose }: { onClose: () => void }) {
  const { t, language } = useI18n();
  const available = useDevicesStore((s) => s.available);
  const configured = useDevicesStore((s) => s.configured);
  const loading = useDevicesStore((s) => s.availableLoading);
  const error = useDevicesStore((s) => s.availableError);
  const [source, setSource] = useState<Source>('available');
  const [picked, setPicked] = useState<string | null>(null);
  const [mac, setMac] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [settings, setSettings] = useState<DeviceSettingsValue>({
    displayName: '',
    color: DEVICE_DEFAULT_COLOR,
    icon: 'device',
    showTrail: false,
    showOnMaps: true,
    positioningMode: 'auto',
  });

  useEffect(() => {
    void useDevicesStore.getState().loadAvailable();
  }, []);

  const manualMac = mac.trim().toUpperCase();
  const ready = source === 'available' ? picked !== null : manualMac !== '' && name.trim() !== '';

  const submit = async () => {
    if (!ready) return;
    setBusy(true);
    try {
      await useDevicesStore
        .getState()
        .addToMonitoring(source === 'available' ? picked! : manualMac, {
          ...(source === 'manual' ? { name: name.trim() } : {}),
          ...(settings.displayName.trim() ? { displayName: settings.displayName.trim() } : {}),
          color: settings.color,
          icon: settings.icon,
          showTrail: settings.showTrail,
        });
      onClose();
    } catch (err) {
      console.error('Failed to add device to monitoring', err);
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('devices.addTitle')} onClose={onClose} busy={busy} testId="add-device-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="segmented" role="group">
          {(['available', 'manual'] as const).map((s) => (
            <button key={s} type="button" aria-pressed={source === s} onClick={() => setSource(s)}>
              {t(s === 'available' ? 'devices.fromAvailable' : 'devices.manual')}
            </button>
          ))}
        </div>
        {source === 'available' ? (
          <div className="dlg-list" role="radiogroup" aria-label={t('devices.fromAvailable')}>
            {error && <p className="error-text">{error}</p>}
            {loading && available.length === 0 && (
              <div className="spinner" role="status" aria-label={t('app.loading')} />
            )}
            {!loading && !error && available.length === 0 && (
              <p className="muted">{t('devices.availableEmpty')}</p>
            )}
            {available.map((d) => (
              <label key={d.mac} className="dlg-option">
                <input
                  type="radio"
                  name="available-device"
                  value={d.mac}
                  checked={picked === d.mac}
                  onChange={() => setPicked(d.mac)}
                />
                <span className="grow">
                  <span className="title">{reportedName(d, configured)}</span>
                  <span className="muted small" dir="ltr">
                    {d.mac}
                  </span>
                </span>
                <span className="muted small">
                  {t('devices.lastSeenInAPI')}:{' '}
                  {d.lastSeenInAPI ? formatDate(d.lastSeenInAPI, language) : t('time.unknown')}
                </span>
              </label>
            ))}
          </div>
        ) : (
          <div className="dlg-fields">
            <label className="field">
              <span>{t('devices.mac')}</span>
              <input
                name="mac"
                dir="ltr"
                placeholder={t('devices.macPlaceholder')}
                value={mac}
                onChange={(e) => setMac(e.target.value.toUpperCase())}
              />
            </label>
            <label className="field">
              <span>{t('devices.name')}</span>
              <input name="name" value={name} onChange={(e) => setName(e.target.value)} />
            </label>
          </div>
        )}
        <DeviceSettingsFields value={settings} onChange={setSettings} idPrefix="add-device" />
        <div className="dlg-actions">
          <button type="button" className="button ghost" onClick={onClose} disabled={busy}>
            {t('devices.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={!ready || busy}>
            {busy ? t('devices.adding') : t('devices.addButton')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
