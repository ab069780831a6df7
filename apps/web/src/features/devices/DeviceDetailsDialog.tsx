/** Device details: an Info tab and an Edit tab with settings, showOnMaps and positioningMode. */
import { useId, useState } from 'react';
import {
  CONFIDENCE_CLASS_COLOUR,
  TRIANGULATION_ALGORITHMS,
  confidenceClass,
  isOnlineInDetails,
} from '@rtls/contract';
import { formatLastSeen, formatRssi, unknownSince } from '../../ui/format.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { gatewayName } from '../gateways/gateways-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormActions } from '../../ui/FormActions.tsx';
import { useLiveStore } from '../live/live-store.ts';
import { useDeviceZone } from '../zones/presence.ts';
import { DeviceSettingsFields, type DeviceSettingsValue } from './DeviceSettingsFields.tsx';
import { useDevicesStore, type LiveDevice } from './devices-store.ts';
import type { Placement } from './map-positions.ts';
import { DEVICE_DEFAULT_COLOR } from '../../constants.ts';
import { ChangeFailureText } from '../maps/ChangeFailureText.tsx';
import { Tabs } from '../../ui/Tabs.tsx';

type Tab = 'info' | 'edit';
const TABS: readonly Tab[] = ['info', 'edit'];

/** The engine's method in the user's language when it is one of the known algorithms. */
function methodText(method: string, t: ReturnType<typeof useI18n>['t']): string {
  const known = (TRIANGULATION_ALGORITHMS as readonly string[]).includes(method);
  return known
    ? t(`view.triangulation.algorithms.${method as (typeof TRIANGULATION_ALGORITHMS)[number]}`)
    : method;
}

/** Position and confidence are those of the map on screen, where the device is drawn. */
function InfoTab({ device, placement }: { device: LiveDevice; placement?: Placement }) {
  const { t, language } = useI18n();
  const online = isOnlineInDetails(device.lastSeen);
  const staleSince = useLiveStore((s) => s.staleSince);
  const info = placement?.triangulationInfo;
  const cls = info ? confidenceClass(info.confidence) : null;
  const p = placement?.position;
  const zone = useDeviceZone(device.mac, t);
  const rows: [string, React.ReactNode][] = [
    [t('devices.mac'), <span dir="ltr">{device.mac}</span>],
    [
      t('devices.lastSeen'),
      <>
        {staleSince === null ? (
          <span className={`status ${online ? 'online' : 'offline'}`}>
            {t(online ? 'devices.status.online' : 'devices.status.offline')}
          </span>
        ) : (
          <span className="status unknown">{unknownSince(staleSince, t, language)}</span>
        )}{' '}
        {formatLastSeen(device.lastSeen, t, language, Date.now(), staleSince)}
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
    [t('devices.method'), info ? methodText(info.method, t) : '—'],
    [t('devices.signalsUsed'), info ? String(info.signalsUsed) : '—'],
    [t('devices.positioningMode'), t(`devices.modes.${device.positioningMode}`)],
    ...(zone === null
      ? []
      : [[t('zones.presence.label'), <span dir="auto">{zone}</span>] as [string, React.ReactNode]]),
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
  const [failure, setFailure] = useState<unknown>(null);
  const save = async () => {
    setBusy(true);
    setFailure(null);
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
      setFailure(err);
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
      <ChangeFailureText failure={failure} />
      <FormActions
        dialog
        cancel={t('devices.cancel')}
        onCancel={onDone}
        submit={busy ? t('devices.saving') : t('devices.save')}
        busy={busy}
      />
    </form>
  );
}

export function DeviceDetailsDialog({ mac, onClose }: { mac: string; onClose: () => void }) {
  const { t } = useI18n();
  const device = useDevicesStore((s) => s.entities[mac]);
  const mapId = useMapsStore((s) => s.currentMapId);
  const placement = useDevicesStore((s) => (mapId ? s.positions[mapId]?.[mac] : undefined));
  const [tab, setTab] = useState<Tab>('info');
  const idPrefix = useId();
  if (!device) return null;
  return (
    <Dialog title={t('devices.detailsOf', { name: device.name })} onClose={onClose}>
      <Tabs
        ids={TABS}
        selected={tab}
        onSelect={setTab}
        label={(id) => t(`devices.${id}`)}
        tabId={(id) => `${idPrefix}-tab-${id}`}
        panelId={() => `${idPrefix}-panel`}
        ariaLabel={t('devices.details')}
        homeEnd
      />
      <div role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${tab}`}>
        {tab === 'info' ? (
          <>
            <InfoTab device={device} placement={placement} />
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
