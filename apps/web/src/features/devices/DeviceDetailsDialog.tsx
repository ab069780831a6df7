/** Device details (spec §2): an Info tab and an Edit tab with settings, showOnMaps and positioningMode. */
import { useState } from 'react';
import {
  CONFIDENCE_CLASS_COLOUR,
  DEVICE_DEFAULT_COLOR,
  confidenceClass,
  isOnlineInDetails,
} from '@rtls/contract';
import { formatLastSeen, formatRssi } from '../../app/format.ts';
import { useI18n } from '../../app/I18nProvider.tsx';
import { gatewayName } from '../gateways/gateways-store.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { DeviceSettingsFields, type DeviceSettingsValue } from './DeviceSettingsFields.tsx';
import { useDevicesStore, type LiveDevice } from './devices-store.ts';

type Tab = 'info' | 'edit';

function InfoTab({ device }: { device: LiveDevice }) {
  const { t, language } = useI18n();
  const online = isOnlineInDetails(device.lastSeen);
  const info = device.triangulationInfo;
  const cls = info ? confidenceClass(info.confidence) : null;
  const p = device.position;
  const rows: [string, React.ReactNode][] = [
    [t('devices.mac'), <span dir="ltr">{device.mac}</span>],
    [
      t('devices.lastSeen'),
      <>
        <span className={`status ${online ? 'online' : 'offline'}`}>
          {t(online ? 'devices.status.online' : 'devices.status.offline')}
        </span>{' '}
        {formatLastSeen(device.lastSeen, t, language)}
      </>,
    ],
    [t('devices.rssi'), <span dir="ltr">{formatRssi(device.rssi)}</span>],
    [
      t('devices.strongestGateway'),
      <span dir="ltr">{device.strongestGateway ? gatewayName(device.strongestGateway) : '—'}</span>,
    ],
    [
      t('devices.position'),
      p ? (
        <span dir="ltr">{`${Math.round(p.x)}, ${Math.round(p.y)}`}</span>
      ) : (
        t('devices.noPosition')
      ),
    ],
    [
      t('devices.confidence'),
      info && cls ? (
        <span className={`confidence ${CONFIDENCE_CLASS_COLOUR[cls]}`}>
          {t(`devices.confidenceClass.${cls}`)} ({Math.round(info.confidence * 100)}%)
        </span>
      ) : (
        '—'
      ),
    ],
    [t('devices.method'), info?.method ?? '—'],
    [t('devices.signalsUsed'), info ? String(info.signalsUsed) : '—'],
    [t('devices.positioningMode'), t(`devices.modes.${device.positioningMode}`)],
  ];
  return (
    <dl className="dlg-info">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function EditTab({ device, onDone }: { device: LiveDevice; onDone: () => void }) {
  const { t } = useI18n();
  const cs = device.customSettings;
  const [value, setValue] = useState<DeviceSettingsValue>({
    displayName: cs.displayName ?? '',
    color: cs.color ?? DEVICE_DEFAULT_COLOR,
    icon: cs.icon ?? 'device',
    showTrail: cs.showTrail ?? false,
    showOnMaps: cs.showOnMaps ?? true,
    positioningMode: device.positioningMode,
  });
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await useDevicesStore.getState().updateDevice(device.mac, {
        customSettings: {
          displayName: value.displayName.trim(),
          color: value.color,
          icon: value.icon,
          showTrail: value.showTrail,
          showOnMaps: value.showOnMaps,
        },
        positioningMode: value.positioningMode,
      });
      onDone();
    } catch (err) {
      console.error('Failed to update device', err);
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <DeviceSettingsFields value={value} onChange={setValue} extended idPrefix="edit-device" />
      <div className="dlg-actions">
        <button type="button" className="button ghost" onClick={onDone} disabled={busy}>
          {t('devices.cancel')}
        </button>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t('devices.saving') : t('devices.save')}
        </button>
      </div>
    </form>
  );
}

export function DeviceDetailsDialog({ mac, onClose }: { mac: string; onClose: () => void }) {
  const { t } = useI18n();
  const device = useDevicesStore((s) => s.entities[mac]);
  const [tab, setTab] = useState<Tab>('info');
  if (!device) return null;
  return (
    <Dialog title={t('devices.detailsOf', { name: device.name })} onClose={onClose}>
      <div className="tabs" role="tablist">
        {(['info', 'edit'] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            onClick={() => setTab(id)}
          >
            {t(`devices.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'info' ? (
          <>
            <InfoTab device={device} />
            <div className="dlg-actions">
              <button type="button" className="button" onClick={onClose}>
                {t('devices.close')}
              </button>
            </div>
          </>
        ) : (
          <EditTab device={device} onDone={() => setTab('info')} />
        )}
      </div>
    </Dialog>
  );
}
