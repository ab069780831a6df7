/**
 * Devices tab: Device Management with connection status, the 'Show only current map'
 * filter (remembered), search, a status filter with counts, Follow, Add Device (not for a viewer of
 * the map on screen), details, rename,
 * remove and delete. With the filter on, the list
 * is exactly what the map draws. Other accounts' devices located on the map on screen (a shared or
 * public map) follow as read-only rows: they can be selected, never edited. A device located on
 * another floor of the building on screen says which; selecting it shows that floor. Live updates
 * reach the list at most once a second and only visible rows render, so thousands of devices stay
 * cheap.
 */
import { useMemo, useState } from 'react';
import { useTick } from '../gateways/gateway-health.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { useRightsOn } from '../maps/access.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { ListHead } from '../../ui/ListHead.tsx';
import { useStoredFlag } from '../../ui/use-stored-flag.ts';
import { showDeviceOn } from '../buildings/floor-switch.ts';
import { useOtherFloorOf } from '../buildings/use-other-floor.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { AddDeviceDialog } from './AddDeviceDialog.tsx';
import { DeviceDetailsDialog } from './DeviceDetailsDialog.tsx';
import { DeviceFilters } from './DeviceFilters.tsx';
import { countByStatus, filterDevices, statusesOf, type StatusFilter } from './device-filter.ts';
import { DeviceRow } from './DeviceRow.tsx';
import { useDevicesStore, type LiveDevice } from './devices-store.ts';
import { createPlacedSelector, type PlacedDevice } from './placed-devices.ts';
import { listRows } from './list-rows.ts';
import { useThrottled } from './use-throttled.ts';
import { statusClock } from '../live/freshness.ts';
import { useLiveStore } from '../live/live-store.ts';
import { useWindow } from './use-window.ts';
import { STORAGE_KEYS } from '../../constants.ts';
import { ChangeFailureText } from '../maps/ChangeFailureText.tsx';

const ROW_HEIGHT = 68;
/** Rows of a list with read-only rows: those have a line more (whose device it is). */
const ROW_HEIGHT_WITH_READ_ONLY = 88;
const LIST_REFRESH_MS = 1000;

const placedOnScreen = createPlacedSelector();

const isReadOnly = (d: LiveDevice | PlacedDevice) => 'readOnly' in d && d.readOnly;

export function DeviceList() {
  const { t } = useI18n();
  const entities = useThrottled(useDevicesStore, (s) => s.entities, LIST_REFRESH_MS);
  const mapId = useMapsStore((s) => s.currentMapId);
  const placed = useThrottled(useDevicesStore, (s) => placedOnScreen(s, mapId), LIST_REFRESH_MS, [
    mapId,
  ]);
  const monitored = useDevicesStore((s) => s.monitored);
  const loading = useDevicesStore((s) => s.loading);
  const error = useDevicesStore((s) => s.error);
  const selected = useUiStore((s) => s.selectedDeviceMac);
  const selectDevice = useUiStore((s) => s.selectDevice);
  const currentOnlyFlag = useStoredFlag(STORAGE_KEYS.devicesCurrentMapOnly);
  const [currentOnly] = currentOnlyFlag;
  const [adding, setAdding] = useState(false);
  const [details, setDetails] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [failure, setFailure] = useState<unknown>(null);
  // While live updates are paused, statuses are counted and filtered as of the pause.
  const staleSince = useLiveStore((s) => s.staleSince);
  const now = statusClock(staleSince, useTick());

  // Read again when the list's data or the clock change, not on each render (scrolling, selecting).
  const all = useMemo(
    () => listRows(monitored, entities, placed, currentOnly, useDevicesStore.getState().entities),
    [monitored, entities, placed, currentOnly],
  );
  const statuses = useMemo(() => statusesOf(all, now), [all, now]);
  const counts = useMemo(() => countByStatus(statuses), [statuses]);
  const rows = useMemo(
    () => filterDevices(all, query, status, statuses),
    [all, query, status, statuses],
  );
  const anyReadOnly = useMemo(() => rows.some(isReadOnly), [rows]);
  const rowHeight = anyReadOnly ? ROW_HEIGHT_WITH_READ_ONLY : ROW_HEIGHT;
  const win = useWindow(rows.length, rowHeight);
  // Adding monitors a device of the user's own account: not offered to a viewer of the map on screen.
  const rights = useRightsOn(mapId);
  const otherFloorOf = useOtherFloorOf();

  if (error && monitored.length === 0) return <p className="error-text">{error}</p>;
  if (loading && monitored.length === 0)
    return <div className="spinner" role="status" aria-label={t('app.loading')} />;
  return (
    <section className="device-panel">
      <ListHead
        texts="devices"
        count={all.length}
        currentOnly={currentOnlyFlag}
        {...(rights.edit ? { onAdd: () => setAdding(true) } : {})}
      />
      {all.length > 0 && (
        <DeviceFilters
          query={query}
          onQuery={setQuery}
          status={status}
          onStatus={setStatus}
          counts={counts}
          total={all.length}
          hasSelection={selected !== null}
          pausedSince={staleSince}
        />
      )}
      {error && monitored.length > 0 && (
        <p className="error-text small" role="status">
          {error}
        </p>
      )}
      <ChangeFailureText failure={failure} />
      {all.length === 0 ? (
        <p className="muted">{t(currentOnly ? 'devices.emptyOnMap' : 'devices.empty')}</p>
      ) : rows.length === 0 ? (
        <p className="muted">
          {t('devices.noMatch')}{' '}
          <button
            type="button"
            className="button ghost small"
            onClick={() => {
              setQuery('');
              setStatus('all');
            }}
          >
            {t('devices.clearFilters')}
          </button>
        </p>
      ) : (
        <ul
          className="device-list"
          data-testid="device-list"
          onScroll={win.onScroll}
          style={{ ['--row-h' as string]: `${rowHeight}px` }}
        >
          {win.padTop > 0 && <li aria-hidden="true" style={{ blockSize: win.padTop }} />}
          {rows.slice(win.start, win.end).map((d) => {
            const floor = otherFloorOf(d.mac);
            return (
              <DeviceRow
                key={d.mac}
                device={d}
                readOnly={isReadOnly(d)}
                selected={selected === d.mac}
                floor={floor?.name}
                onSelect={() => (floor ? showDeviceOn(d.mac, floor.mapId) : selectDevice(d.mac))}
                onDetails={() => setDetails(d.mac)}
                onFailure={setFailure}
              />
            );
          })}
          {win.padBottom > 0 && <li aria-hidden="true" style={{ blockSize: win.padBottom }} />}
        </ul>
      )}
      {adding && <AddDeviceDialog onClose={() => setAdding(false)} />}
      {details && <DeviceDetailsDialog mac={details} onClose={() => setDetails(null)} />}
    </section>
  );
}
