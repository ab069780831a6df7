/**
 * One gateway: inline rename, quality, status, delete and the sliders. Someone who may not change
 * the map it lies on (a viewer) reads its name and settings with no control to change them; only
 * the owner of the map (whose account holds the gateway) deletes it. A refused change says why.
 */
import { useState } from 'react';
import { GATEWAY_ADD_DEFAULTS, gatewayQuality, listStatus, type Gateway } from '@rtls/contract';
import { formatLastSeen } from '../../ui/format.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { InlineRename } from '../devices/InlineRename.tsx';
import { useRightsOn } from '../maps/access.ts';
import { statusClock } from '../live/freshness.ts';
import { useLiveStore } from '../live/live-store.ts';
import { useGatewaysStore } from './gateways-store.ts';
import { useGatewayLastSeen, useTick } from './gateway-health.ts';
import { GatewaySettingsText, GatewaySliders } from './GatewaySliders.tsx';
import { TrashIcon } from '../maps/icons.tsx';
import { ChangeFailureText } from '../maps/ChangeFailureText.tsx';

export function GatewayRow({ gateway: g }: { gateway: Gateway }) {
  const { t, language } = useI18n();
  const rights = useRightsOn(g.mapId);
  const [failure, setFailure] = useState<unknown>(null);
  const quality = g.maxRSSI != null ? gatewayQuality(g.maxRSSI) : null;
  const id = `gw-${g.mac.replace(/[^A-Za-z0-9]/g, '')}`;
  // While live updates are paused, the status is read as of the pause, the last report as a time.
  const staleSince = useLiveStore((s) => s.staleSince);
  const now = statusClock(staleSince, useTick());
  const lastSeen = useGatewayLastSeen(g.mac, g.lastSeen);
  const status = listStatus(lastSeen, now);

  const del = () => {
    if (!window.confirm(t('gateways.confirmDelete'))) return;
    setFailure(null);
    useGatewaysStore
      .getState()
      .deleteGateway(g.mac)
      .catch((err: unknown) => {
        console.error('Failed to delete gateway', err);
        setFailure(err);
      });
  };

  return (
    <li className="gateway-row" data-mac={g.mac} data-testid="gateway-row">
      <div className="gateway-row-head">
        <span
          className="swatch"
          style={{ background: g.customSettings.color ?? GATEWAY_ADD_DEFAULTS.color }}
          aria-hidden="true"
        />
        <span className="grow">
          {rights.edit ? (
            <InlineRename
              value={g.name}
              label={t('gateways.rename', { name: g.name })}
              onSave={(name) => useGatewaysStore.getState().rename(g.mac, name || g.mac)}
            />
          ) : (
            <span className="read-only-name" dir="auto">
              {g.name}
            </span>
          )}
          <span className="muted small" dir="ltr">
            {g.mac}
          </span>
        </span>
        <span className="end">
          {quality && (
            <span className={`quality ${quality}`}>{t(`gateways.quality.${quality}`)}</span>
          )}
          <span className={`status ${status}`} data-testid="gateway-status">
            {t(`gateways.status.${status}`)}
          </span>
          <span className="muted small">
            {formatLastSeen(lastSeen, t, language, now, staleSince)}
          </span>
        </span>
        {rights.own && (
          <button
            type="button"
            className="icon-button small danger"
            aria-label={`${t('gateways.delete')}: ${g.name}`}
            title={t('gateways.delete')}
            onClick={del}
          >
            <TrashIcon />
          </button>
        )}
      </div>
      {rights.edit ? (
        <GatewaySliders
          gateway={g}
          id={id}
          onSaved={() => setFailure(null)}
          onFailed={setFailure}
        />
      ) : (
        <GatewaySettingsText gateway={g} />
      )}
      <ChangeFailureText failure={failure} />
    </li>
  );
}
