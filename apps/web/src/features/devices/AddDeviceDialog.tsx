/** Add Device to Monitoring: pick an available device or enter MAC and name. */
import { useEffect, useState } from 'react';
import { formatDate } from '../../ui/format.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import {
  AddToMonitoringDialog,
  AvailableList,
  sourceReady,
  useMonitoringEntry,
} from '../../ui/monitoring-dialog.tsx';
import { DeviceSettingsFields, type DeviceSettingsValue } from './DeviceSettingsFields.tsx';
import { reportedName, useDevicesStore } from './devices-store.ts';
import { DEVICE_DEFAULT_COLOR } from '../../constants.ts';
import { ChangeFailureText } from '../maps/ChangeFailureText.tsx';

export function AddDeviceDialog({ onClose }: { onClose: () => void }) {
  const { t, language } = useI18n();
  const available = useDevicesStore((s) => s.available);
  const configured = useDevicesStore((s) => s.configured);
  const loading = useDevicesStore((s) => s.availableLoading);
  const error = useDevicesStore((s) => s.availableError);
  const entry = useMonitoringEntry('device', onClose);
  const { source, picked, mac, name } = entry;
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

  // A MAC is upper-cased; a stable id (irk:…, iBeacon:…) is case-sensitive and kept as typed.
  const manualMac = /^[0-9a-f:-]+$/i.test(mac.trim()) ? mac.trim().toUpperCase() : mac.trim();
  const ready = sourceReady(source, picked, manualMac, name);

  const submit = async () => {
    if (!ready) return;
    await entry.add(() =>
      useDevicesStore.getState().addToMonitoring(source === 'available' ? picked! : manualMac, {
        ...(source === 'manual' ? { name: name.trim() } : {}),
        ...(settings.displayName.trim() ? { displayName: settings.displayName.trim() } : {}),
        color: settings.color,
        icon: settings.icon,
        showTrail: settings.showTrail,
      }),
    );
  };

  return (
    <AddToMonitoringDialog
      kind="devices"
      testId="add-device-dialog"
      entry={entry}
      ready={ready}
      onClose={onClose}
      onSubmit={() => void submit()}
      available={
        <AvailableList
          label={t('devices.fromAvailable')}
          name="available-device"
          options={available.map((d) => ({
            mac: d.mac,
            title: reportedName(d, configured),
            aside: `${t('devices.lastSeenInAPI')}: ${
              d.lastSeenInAPI ? formatDate(d.lastSeenInAPI, language) : t('time.unknown')
            }`,
          }))}
          picked={picked}
          onPick={entry.setPicked}
          loading={loading}
          error={error}
          emptyText={t('devices.availableEmpty')}
        />
      }
    >
      <DeviceSettingsFields value={settings} onChange={setSettings} idPrefix="add-device" />
      <ChangeFailureText failure={entry.failure} />
    </AddToMonitoringDialog>
  );
}
