/**
 * Devices tab (spec §2): Device Management with connection status, the 'Show only current map'
 * filter (remembered), Add Device, details, rename, remove and delete. Live updates reach the list
 * at most once a second and only visible rows render, so thousands of devices stay cheap.
 */
import { useState } from 'react';
import { STORAGE_KEYS } from '@rtls/contract';
import { useI18n } from '../../app/I18nProvider.tsx';
import { useGatewaysStore } from '../gateways/gateways-store.ts';
import { ListTools } from '../../ui/ListTools.tsx';
import { useStoredFlag } from '../../ui/use-stored-flag.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { AddDeviceDialog } from './AddDeviceDialog.tsx';
import { DeviceDetailsDialog } from './DeviceDetailsDialog.tsx';
import { DeviceRow } from './DeviceRow.tsx';
import { useDevicesStore, type LiveDevice } from './devices-store.ts';
import { useThrottled } from './use-throttled.ts';
import { useWindow } from './use-window.ts';

const ROW_HEIGHT = 68;
const LIST_REFRESH_MS = 1000;

/** A device is on the current map when one of that map's gateways hears it. */
export function onMap(d: LiveDevice, gatewayMacs: ReadonlySet<string>): boolean {
  if (d.strongestGateway && gatewayMacs.has(d.strongestGateway)) return true;
  return Object.keys(d.signal ?? {}).some((g) => gatewayMacs.has(g));
}

export function DeviceList() {
  const { t } = useI18n();
  const entities = useThrottled(useDevicesStore, (s) => s.entities, LIST_REFRESH_MS);
  const monitored = useDevicesStore((s) => s.monitored);
  const loading = useDevicesStore((s) => s.loading);
  const error = useDevicesStore((s) => s.error);
  const gateways = useGatewaysStore((s) => s.entities);
  const selected = useUiStore((s) => s.selectedDeviceMac);
  const selectDevice = useUiStore((s) => s.selectDevice);
  const [currentOnly, setCurrentOnly] = useStoredFlag(STORAGE_KEYS.devicesCurrentMapOnly);
  const [adding, setAdding] = useState(false);
  const [details, setDetails] = useState<string | null>(null);

  const gatewayMacs = new Set(Object.keys(gateways));
  const rows = monitored
    .map((mac) => entities[mac] ?? useDevicesStore.getState().entities[mac])
    .filter((d): d is LiveDevice => d !== undefined && (!currentOnly || onMap(d, gatewayMacs)));
  const win = useWindow(rows.length, ROW_HEIGHT);

  if (error && monitored.length === 0) return <p className="error-text">{error}</p>;
  if (loading && monitored.length === 0)
    return <div className="spinner" role="status" aria-label={t('app.loading')} />;
  return (
    <section className="device-panel">
      <div className="panel-head">
        <h3 className="section-title">{t('devices.title')}</h3>
        <span className="muted small">{t('devices.count', { count: rows.length })}</span>
      </div>
      <ListTools
        filterLabel={t('devices.showCurrentMap')}
        currentOnly={currentOnly}
        onCurrentOnly={setCurrentOnly}
        addLabel={t('devices.add')}
        onAdd={() => setAdding(true)}
      />
      {error && monitored.length > 0 && (
        <p className="error-text small" role="status">
          {error}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="muted">{t(currentOnly ? 'devices.emptyOnMap' : 'devices.empty')}</p>
      ) : (
        <ul
          className="device-list"
          data-testid="device-list"
          onScroll={win.onScroll}
          style={{ ['--row-h' as string]: `${ROW_HEIGHT}px` }}
        >
          {win.padTop > 0 && <li aria-hidden="true" style={{ blockSize: win.padTop }} />}
          {rows.slice(win.start, win.end).map((d) => (
            <DeviceRow
              key={d.mac}
              device={d}
              selected={selected === d.mac}
              onSelect={() => selectDevice(d.mac)}
              onDetails={() => setDetails(d.mac)}
            />
          ))}
          {win.padBottom > 0 && <li aria-hidden="true" style={{ blockSize: win.padBottom }} />}
        </ul>
      )}
      {adding && <AddDeviceDialog onClose={() => setAdding(false)} />}
      {details && <DeviceDetailsDialog mac={details} onClose={() => setDetails(null)} />}
    </section>
  );
}
