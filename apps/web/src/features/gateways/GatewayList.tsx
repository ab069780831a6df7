/**
 * Gateways tab: Gateway Management with its own 'show only current map' filter and Add
 * Gateway, which places a gateway on the current map and so is offered only to those who may edit it.
 */
import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { ListHead } from '../../ui/ListHead.tsx';
import { useStoredFlag } from '../../ui/use-stored-flag.ts';
import { useRightsOn } from '../maps/access.ts';
import { AddGatewayDialog } from './AddGatewayDialog.tsx';
import { EspresenseImport } from './EspresenseImport.tsx';
import { GatewayRow } from './GatewayRow.tsx';
import { otherGateways, useGatewaysStore } from './gateways-store.ts';
import { STORAGE_KEYS } from '../../constants.ts';

export function GatewayList() {
  const { t } = useI18n();
  const entities = useGatewaysStore((s) => s.entities);
  const monitored = useGatewaysStore((s) => s.monitored);
  const mapId = useGatewaysStore((s) => s.mapId);
  const error = useGatewaysStore((s) => s.error);
  const currentOnlyFlag = useStoredFlag(STORAGE_KEYS.gatewaysCurrentMapOnly);
  const [currentOnly] = currentOnlyFlag;
  const [adding, setAdding] = useState(false);
  const rights = useRightsOn(mapId);

  useEffect(() => {
    if (!currentOnly) void useGatewaysStore.getState().loadMonitored();
  }, [currentOnly, mapId]);

  const others = currentOnly ? [] : otherGateways({ entities, monitored, mapId });
  const list = [...Object.values(entities), ...others];
  const openAdd = () => {
    if (!mapId) {
      window.alert(t('gateways.selectMapFirst'));
      return;
    }
    setAdding(true);
  };

  return (
    <section className="gateway-panel">
      <ListHead
        texts="gateways"
        count={list.length}
        currentOnly={currentOnlyFlag}
        {...(rights.edit ? { onAdd: openAdd } : {})}
      />
      {mapId && !rights.edit && <p className="small muted">{t('gateways.readOnly')}</p>}
      {error && <p className="error-text small">{error}</p>}
      {list.length === 0 ? (
        <p className="muted">{t(currentOnly ? 'gateways.empty' : 'gateways.emptyAll')}</p>
      ) : (
        <ul className="gateway-list" data-testid="gateway-list">
          {list.map((g) => (
            <GatewayRow key={g.mac} gateway={g} />
          ))}
        </ul>
      )}
      <EspresenseImport />
      {adding && mapId && <AddGatewayDialog mapId={mapId} onClose={() => setAdding(false)} />}
    </section>
  );
}
