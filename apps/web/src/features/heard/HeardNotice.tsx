/**
 * "3 new devices heard · Add": newly heard devices and gateways, announced to a user who may add
 * them (a viewer of the map on screen is not offered it; a gateway is added to the current map, so
 * gateways need one). Add opens the Add Device or Add Gateway dialog on its Available list; Add and
 * dismiss both mark the announced MACs seen, so they are not announced again.
 */
import { useEffect, useMemo, useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { AddDeviceDialog } from '../devices/AddDeviceDialog.tsx';
import { useDevicesStore } from '../devices/devices-store.ts';
import { AddGatewayDialog } from '../gateways/AddGatewayDialog.tsx';
import { useGatewaysStore } from '../gateways/gateways-store.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useRightsOn } from '../maps/access.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { useSessionStore } from '../session/session-store.ts';
import { unseen, useHeardStore, type HeardKind } from './heard-store.ts';

export function HeardNotice() {
  const { t } = useI18n();
  const account = useSessionStore((s) => s.user?.email ?? null);
  const mapId = useMapsStore((s) => s.currentMapId);
  const rights = useRightsOn(mapId);
  const heardDevices = useHeardStore((s) => s.devices);
  const heardGateways = useHeardStore((s) => s.gateways);
  const seen = useHeardStore((s) => s.seen);
  // The monitored list, not the entities: those change with every live update.
  const monitoredDevices = useDevicesStore((s) => s.monitored);
  const monitored = useMemo(() => new Set(monitoredDevices), [monitoredDevices]);
  const gatewaysAll = useGatewaysStore((s) => s.all);
  const gatewaysMonitored = useGatewaysStore((s) => s.monitored);
  const [adding, setAdding] = useState<HeardKind | null>(null);

  useEffect(() => {
    if (!account) return;
    useHeardStore.getState().start(account);
    return () => useHeardStore.getState().reset();
  }, [account]);

  const devices = rights.edit
    ? unseen(heardDevices, seen.devices, (mac) => monitored.has(mac))
    : [];
  const gateways =
    rights.edit && mapId
      ? unseen(
          heardGateways,
          seen.gateways,
          (mac) =>
            gatewaysAll[mac]?.isMonitored === true || gatewaysMonitored.some((g) => g.mac === mac),
        )
      : [];

  const open = (kind: HeardKind, macs: string[]) => {
    useHeardStore.getState().markSeen(kind, macs);
    useUiStore.getState().setToolsTab(kind);
    setAdding(kind);
  };
  const notices = [
    { kind: 'devices' as const, macs: devices.map((d) => d.mac) },
    { kind: 'gateways' as const, macs: gateways.map((g) => g.mac) },
  ].filter((n) => n.macs.length > 0);

  return (
    <>
      <div
        className="heard-notices"
        role="status"
        aria-label={t('heard.region')}
        data-testid="heard-notices"
      >
        {notices.map(({ kind, macs }) => (
          <div key={kind} className="heard-notice" data-kind={kind}>
            <span className="heard-text">
              {t(kind === 'devices' ? 'heard.devices' : 'heard.gateways', { count: macs.length })}
            </span>
            <button
              type="button"
              className="button primary small"
              aria-label={t(kind === 'devices' ? 'heard.addDevices' : 'heard.addGateways')}
              onClick={() => open(kind, macs)}
            >
              {t('heard.add')}
            </button>
            <button
              type="button"
              className="icon-button small"
              aria-label={t(kind === 'devices' ? 'heard.dismissDevices' : 'heard.dismissGateways')}
              title={t('heard.dismiss')}
              onClick={() => useHeardStore.getState().markSeen(kind, macs)}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </div>
        ))}
      </div>
      {adding === 'devices' && <AddDeviceDialog onClose={() => setAdding(null)} />}
      {adding === 'gateways' && mapId && (
        <AddGatewayDialog mapId={mapId} onClose={() => setAdding(null)} />
      )}
    </>
  );
}
