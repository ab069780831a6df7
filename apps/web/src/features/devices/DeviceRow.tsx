/**
 * One device in the list: select (toggle), inline rename, details, remove and delete. Another
 * account's device on a shared or public map is read-only: it can only be selected. While live
 * updates are paused, its status is unknown since then and it says when it was last seen, not how
 * long ago. A device located on another floor of the building on screen says which ("On Level 2").
 */
import { useId } from 'react';
import { lastSeenText, listStatus } from '@rtls/contract';
import { formatLastSeen, formatRssi, unknownSince } from '../../ui/format.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { useLiveStore } from '../live/live-store.ts';
import { useDeviceZone } from '../zones/presence.ts';
import { InlineRename } from './InlineRename.tsx';
import { useDevicesStore, type LiveDevice } from './devices-store.ts';
import { InfoIcon, RemoveIcon, TrashIcon } from '../maps/icons.tsx';
import { DEVICE_DEFAULT_COLOR } from '../../constants.ts';

interface Props {
  device: LiveDevice;
  readOnly?: boolean;
  selected: boolean;
  /** The name of the other floor of the building on screen the device is located on. */
  floor?: string | undefined;
  onSelect: () => void;
  onDetails: () => void;
  /** A remove or delete failed (the list says why). */
  onFailure?: (err: unknown) => void;
}

export function DeviceRow({
  device: d,
  readOnly = false,
  selected,
  floor,
  onSelect,
  onDetails,
  onFailure,
}: Props) {
  const floorId = useId();
  const { t, language } = useI18n();
  const staleSince = useLiveStore((s) => s.staleSince);
  const status = listStatus(d.lastSeen);
  // Paused, the time it was last seen ("Last seen 14:04"), which alone would read like a status.
  const seen = formatLastSeen(d.lastSeen, t, language, Date.now(), staleSince);
  const seenText =
    staleSince !== null && lastSeenText(d.lastSeen).kind !== 'unknown'
      ? `${t('devices.lastSeen')} ${seen}`
      : seen;
  const zone = useDeviceZone(d.mac, t);
  /** Asks `question` first; a failed change is logged (as `failed`) and shown. */
  const confirmed = (question: string, failed: string, change: () => Promise<unknown>) => () => {
    if (!window.confirm(question)) return;
    change().catch((err: unknown) => {
      console.error(failed, err);
      onFailure?.(err);
    });
  };
  const remove = confirmed(
    t('devices.confirmRemove'),
    'Failed to remove device from monitoring',
    () => useDevicesStore.getState().removeFromMonitoring(d.mac),
  );
  const del = confirmed(t('devices.confirmDelete'), 'Failed to delete device', () =>
    useDevicesStore.getState().deleteDevice(d.mac),
  );
  return (
    <li
      className={`device-row${selected ? ' current' : ''}${readOnly ? ' read-only' : ''}`}
      data-mac={d.mac}
    >
      <span
        className="swatch"
        style={{ background: d.customSettings.color ?? DEVICE_DEFAULT_COLOR }}
        aria-hidden="true"
      />
      <span className="device-row-name">
        {readOnly ? (
          <span dir="auto">{d.name}</span>
        ) : (
          <InlineRename
            value={d.name}
            label={t('devices.rename', { name: d.name })}
            requiredMessage={t('devices.nameRequired')}
            onSave={(name) =>
              useDevicesStore
                .getState()
                .updateDevice(d.mac, { name, customSettings: { displayName: name } })
            }
          />
        )}
      </span>
      <button
        type="button"
        className="device-row-select"
        aria-pressed={selected}
        aria-label={d.name}
        aria-describedby={floor === undefined ? undefined : floorId}
        onClick={onSelect}
      >
        <span className="muted small" dir="ltr">
          {d.mac}
        </span>
        {staleSince === null ? (
          <span className={`status ${status}`}>{t(`devices.status.${status}`)}</span>
        ) : (
          <span className="status unknown">{unknownSince(staleSince, t, language)}</span>
        )}
        <span className="muted small">
          {seenText} · <span dir="ltr">{formatRssi(d.rssi)}</span>
          {zone !== null && (
            <>
              {' · '}
              <span className="device-zone" data-testid="device-zone" dir="auto">
                {zone}
              </span>
            </>
          )}
          {floor !== undefined && (
            <>
              {' · '}
              <span className="device-floor" id={floorId} data-testid="device-floor" dir="auto">
                {t('buildings.onFloor', { floor })}
              </span>
            </>
          )}
        </span>
        {readOnly && <span className="muted small">{t('devices.readOnly')}</span>}
      </button>
      {!readOnly && (
        <RowActions name={d.name} onDetails={onDetails} onRemove={remove} onDelete={del} />
      )}
    </li>
  );
}

interface ActionsProps {
  name: string;
  onDetails: () => void;
  onRemove: () => void;
  onDelete: () => void;
}

function RowActions({ name, onDetails, onRemove, onDelete }: ActionsProps) {
  const { t } = useI18n();
  const actions = [
    { key: 'devices.details', icon: <InfoIcon />, onClick: onDetails },
    { key: 'devices.remove', icon: <RemoveIcon />, onClick: onRemove },
    { key: 'devices.delete', icon: <TrashIcon />, onClick: onDelete },
  ] as const;
  return (
    <span className="row-actions">
      {actions.map(({ key, icon, onClick }) => (
        // The tooltip names the action; the accessible name also names the device.
        <button
          key={key}
          type="button"
          className={key === 'devices.delete' ? 'icon-button small danger' : 'icon-button small'}
          aria-label={`${t(key)}: ${name}`}
          title={t(key)}
          onClick={onClick}
        >
          {icon}
        </button>
      ))}
    </span>
  );
}
