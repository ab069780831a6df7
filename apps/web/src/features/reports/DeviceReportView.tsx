/**
 * The device report: per device, its path walked and time seen, its time per zone, and its stays
 * as a timeline (a bar per stay in the zone's colour) with the same stays as a table for reading.
 */
import {
  HISTORY_REPORT_MAX_STAYS,
  type DeviceReport,
  type DeviceReportResponse,
} from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { formatDate, formatDuration } from '../../ui/format.ts';
import { useZonesStore } from '../zones/zones-store.ts';
import { ReportTable } from './ReportTable.tsx';
import { timelineBars } from './timeline.ts';

const FALLBACK_COLOUR = '#64748b';

export function DeviceReportView({ report }: { report: DeviceReportResponse }) {
  const { t, language } = useI18n();
  if (report.devices.length === 0) return <p className="muted">{t('reports.devices.empty')}</p>;
  const cut = report.positionsFrom !== report.from;
  return (
    <div className="device-report" data-testid="device-report">
      {cut && (
        <p className="muted small">
          {t('reports.devices.positionsFrom', { from: formatDate(report.positionsFrom, language) })}
        </p>
      )}
      {report.devices.map((d) => (
        <DeviceSection key={d.mac} device={d} range={report} />
      ))}
    </div>
  );
}

function DeviceSection({
  device: d,
  range,
}: {
  device: DeviceReport;
  range: { from: string; to: string };
}) {
  const { t, language } = useI18n();
  const zones = useZonesStore((s) => s.entities);
  const nameOf = (id: string) => zones[id]?.name ?? id;
  const colourOf = (id: string) => zones[id]?.color ?? FALLBACK_COLOUR;
  const headingId = `device-report-${d.mac.replace(/[^\w-]/g, '')}`;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return (
    <section className="report-device" aria-labelledby={headingId}>
      <h3 id={headingId}>{d.name ?? d.mac}</h3>
      <dl className="report-figures">
        <div>
          <dt>{t('reports.devices.path')}</dt>
          <dd>{t('reports.devices.pathValue', { m: number.format(d.pathMetres) })}</dd>
        </div>
        <div>
          <dt>{t('reports.devices.seen')}</dt>
          <dd>{formatDuration(d.seenSeconds)}</dd>
        </div>
      </dl>
      <h4>{t('reports.devices.timeline')}</h4>
      {d.stays.length === 0 ? (
        <p className="muted small">{t('reports.devices.noStays')}</p>
      ) : (
        <>
          <div className="report-timeline" dir="ltr" aria-hidden="true">
            {timelineBars(d.stays, range).map((b, k) => (
              <span
                key={k}
                className="report-timeline-bar"
                title={nameOf(b.zoneId)}
                style={{
                  left: `${b.start}%`,
                  width: `max(${b.width}%, 1px)`,
                  background: colourOf(b.zoneId),
                }}
              />
            ))}
          </div>
          <p className="report-timeline-ends small muted" dir="ltr" aria-hidden="true">
            <bdi>{formatDate(range.from, language)}</bdi>
            <bdi>{formatDate(range.to, language)}</bdi>
          </p>
        </>
      )}
      <ZoneTimesTable device={d} nameOf={nameOf} colourOf={colourOf} />
      <StaysTable device={d} nameOf={nameOf} />
      {d.staysTruncated && (
        <p className="muted small">
          {t('reports.devices.truncated', { count: HISTORY_REPORT_MAX_STAYS })}
        </p>
      )}
    </section>
  );
}

interface TableProps {
  device: DeviceReport;
  nameOf: (zoneId: string) => string;
}

/** The device's time in each zone, longest first. */
function ZoneTimesTable({
  device,
  nameOf,
  colourOf,
}: TableProps & { colourOf: (zoneId: string) => string }) {
  const { t } = useI18n();
  if (device.zones.length === 0) return null;
  return (
    <ReportTable
      caption={t('reports.devices.perZone')}
      columns={[t('reports.devices.zone'), t('reports.devices.visits'), t('reports.devices.time')]}
    >
      {device.zones.map((z) => (
        <tr key={z.zoneId}>
          <th scope="row">
            <span
              className="zone-swatch"
              style={{ background: colourOf(z.zoneId) }}
              aria-hidden="true"
            />
            {nameOf(z.zoneId)}
          </th>
          <td className="num">{z.visits}</td>
          <td className="num">{formatDuration(z.seconds)}</td>
        </tr>
      ))}
    </ReportTable>
  );
}

/** The timeline's stays as rows: what a screen reader reads instead of the bars. */
function StaysTable({ device, nameOf }: TableProps) {
  const { t, language } = useI18n();
  if (device.stays.length === 0) return null;
  return (
    <ReportTable
      caption={t('reports.devices.timeline')}
      columns={[
        t('reports.devices.zone'),
        t('reports.devices.from'),
        t('reports.devices.to'),
        t('reports.devices.duration'),
      ]}
    >
      {device.stays.map((s) => (
        <tr key={`${s.zoneId}@${s.from}`}>
          <th scope="row">{nameOf(s.zoneId)}</th>
          <td>{formatDate(s.from, language)}</td>
          <td>{s.open ? t('reports.devices.stillThere') : formatDate(s.to, language)}</td>
          <td className="num">{formatDuration(s.seconds)}</td>
        </tr>
      ))}
    </ReportTable>
  );
}
