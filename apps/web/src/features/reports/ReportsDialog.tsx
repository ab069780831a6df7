/**
 * The history reports of the map on screen: a range, the zone or device report asked for it, and
 * Print (the print style sheet prints the dialog's report alone). Opened from the Maps tab, beside
 * the CSV export.
 */
import type { DeviceReportResponse, ZoneReportResponse } from '@rtls/contract';
import { HISTORY_REPORT_MAX_DEVICES } from '@rtls/contract';
import { useId, useState } from 'react';
import { fetchDeviceReport, fetchZoneReport } from '../../api/history-reports.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { SelectField } from '../../ui/fields.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { useBusyCall } from '../../ui/use-busy-call.ts';
import { entityName, useDevicesStore } from '../devices/devices-store.ts';
import { DeviceReportView } from './DeviceReportView.tsx';
import { ReportRangeFields } from './ReportRangeFields.tsx';
import { useReportRange } from './use-report-range.ts';
import { ZoneReportView } from './ZoneReportView.tsx';

const KINDS = ['zones', 'devices'] as const;
type Kind = (typeof KINDS)[number];

type Shown =
  { kind: 'zones'; report: ZoneReportResponse } | { kind: 'devices'; report: DeviceReportResponse };

export function ReportsDialog({ mapId, onClose }: { mapId: string; onClose: () => void }) {
  const { t } = useI18n();
  const titleId = useId();
  const [kind, setKind] = useState<Kind>('zones');
  const [device, setDevice] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const range = useReportRange();
  const { busy, error, run } = useBusyCall();
  const devices = useMonitoredOptions();

  const submit = () => {
    const r = range.checked();
    if (!r) return;
    void run(async () => {
      setShown(null);
      if (kind === 'zones') setShown({ kind, report: await fetchZoneReport(mapId, r) });
      else {
        const macs = device
          ? [device]
          : devices.slice(0, HISTORY_REPORT_MAX_DEVICES).map((d) => d.value);
        setShown({ kind, report: await fetchDeviceReport(mapId, r, macs) });
      }
    });
  };
  const choose = (k: Kind) => {
    setKind(k);
    setShown(null);
  };

  return (
    <Dialog variant="modal" labelledBy={titleId} onClose={onClose} testId="reports-dialog">
      <div className="reports">
        <h2 id={titleId}>{t('reports.title')}</h2>
        <p className="muted no-print">{t('reports.intro')}</p>
        <div className="no-print">
          <Tabs
            ids={KINDS}
            selected={kind}
            onSelect={choose}
            label={(k) => t(`reports.tabs.${k}`)}
            tabId={(k) => `report-tab-${k}`}
            panelId={() => 'report-panel'}
            homeEnd
          />
        </div>
        <div role="tabpanel" id="report-panel" aria-labelledby={`report-tab-${kind}`}>
          <div className="report-form no-print">
            <ReportRangeFields name="report" range={range} />
            {kind === 'devices' && (
              <SelectField
                label={t('reports.devices.device')}
                name="report-device"
                value={device}
                options={[{ value: '', label: t('reports.devices.all') }, ...devices]}
                onChange={setDevice}
              />
            )}
          </div>
          <ErrorText error={error} />
          <div className="form-actions no-print">
            <button type="button" className="button primary" disabled={busy} onClick={submit}>
              {busy ? t('reports.busy') : t('reports.show')}
            </button>
            <button
              type="button"
              className="button"
              disabled={!shown}
              onClick={() => window.print()}
            >
              {t('reports.print')}
            </button>
            <button type="button" className="button ghost" onClick={onClose}>
              {t('reports.close')}
            </button>
          </div>
          <div aria-live="polite" aria-busy={busy}>
            {shown?.kind === 'zones' && <ZoneReportView report={shown.report} />}
            {shown?.kind === 'devices' && <DeviceReportView report={shown.report} />}
          </div>
        </div>
      </div>
    </Dialog>
  );
}

/** The monitored devices as options, by name. */
function useMonitoredOptions() {
  const monitored = useDevicesStore((s) => s.monitored);
  const entities = useDevicesStore((s) => s.entities);
  return monitored.flatMap((mac) => {
    const d = entities[mac];
    return d ? [{ value: mac, label: entityName(d) }] : [];
  });
}
