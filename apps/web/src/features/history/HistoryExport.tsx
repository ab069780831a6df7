/**
 * Export CSV: positions, zone visits, events or alerts of the map on screen, for a range of time
 * and optionally one device or zone. The server streams the file; the browser saves it.
 */
import {
  HISTORY_EXPORT_KINDS,
  type HistoryExportKind,
  type HistoryExportQuery,
} from '@rtls/contract';
import { useState } from 'react';
import { exportHistoryCsv } from '../../api/history.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { SelectField } from '../../ui/fields.tsx';
import { useBusyCall } from '../../ui/use-busy-call.ts';
import { entityName, useDevicesStore } from '../devices/devices-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { sortedZones, useZonesStore } from '../zones/zones-store.ts';
import { localInput, RangeInputs } from './RangeInputs.tsx';
import { saveFile } from '../../ui/save-file.ts';

/** The export form of the map on screen (nothing while no map is open). */
export function HistoryExport() {
  const mapId = useMapsStore((s) => s.currentMapId);
  return mapId ? <HistoryExportForm key={mapId} mapId={mapId} /> : null;
}

function HistoryExportForm({ mapId }: { mapId: string }) {
  const { t } = useI18n();
  const [kind, setKind] = useState<HistoryExportKind>('positions');
  const [from, setFrom] = useState(() => localInput(Date.now() - 24 * 3600_000));
  const [to, setTo] = useState(() => localInput(Date.now()));
  const [device, setDevice] = useState('');
  const [zone, setZone] = useState('');
  const [invalid, setInvalid] = useState(false);
  const { busy, error, run } = useBusyCall();
  const monitored = useDevicesStore((s) => s.monitored);
  const deviceEntities = useDevicesStore((s) => s.entities);
  const zonesMapId = useZonesStore((s) => s.mapId);
  const zoneEntities = useZonesStore((s) => s.entities);
  const zones = zonesMapId === mapId ? sortedZones(zoneEntities) : [];

  const submit = () => {
    const fromMs = Date.parse(from);
    const toMs = Date.parse(to);
    const bad = !Number.isFinite(fromMs) || !Number.isFinite(toMs) || toMs <= fromMs;
    setInvalid(bad);
    if (bad) return;
    const query: HistoryExportQuery = {
      kind,
      from: new Date(fromMs).toISOString(),
      to: new Date(toMs).toISOString(),
      ...(device ? { devices: device } : {}),
      ...(zone && kind !== 'positions' ? { zones: zone } : {}),
    };
    void run(async () => {
      const { blob, filename } = await exportHistoryCsv(mapId, query);
      saveFile(blob, filename);
    });
  };

  return (
    <fieldset className="settings-group history-export" data-testid="history-export">
      <legend className="section-title">{t('history.export.title')}</legend>
      <p className="muted">{t('history.export.intro')}</p>
      <SelectField
        label={t('history.export.kind')}
        name="history-kind"
        value={kind}
        options={HISTORY_EXPORT_KINDS.map((k) => ({ value: k, label: t(`history.kinds.${k}`) }))}
        onChange={setKind}
      />
      <RangeInputs name="history" from={from} to={to} onFrom={setFrom} onTo={setTo} />
      <SelectField
        label={t('history.export.device')}
        name="history-device"
        value={device}
        options={[
          { value: '', label: t('history.export.allDevices') },
          ...monitored.flatMap((mac) => {
            const d = deviceEntities[mac];
            return d ? [{ value: mac, label: entityName(d) }] : [];
          }),
        ]}
        onChange={setDevice}
      />
      {kind !== 'positions' && (
        <SelectField
          label={t('history.export.zone')}
          name="history-zone"
          value={zone}
          options={[
            { value: '', label: t('history.export.allZones') },
            ...zones.map((z) => ({ value: z.id, label: z.name })),
          ]}
          onChange={setZone}
        />
      )}
      {invalid && (
        <p className="error-text" role="alert">
          {t('history.export.badRange')}
        </p>
      )}
      <ErrorText error={error} />
      <button type="button" className="button primary" disabled={busy} onClick={submit}>
        {busy ? t('history.export.busy') : t('history.export.submit')}
      </button>
    </fieldset>
  );
}
