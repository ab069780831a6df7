/**
 * One accuracy report: the walk's median, p90 and largest error, the worst points, a map of the
 * errors, a row per zone with points, and every point with its error and the gateways that heard
 * it (mean level and reports).
 */
import type { HeardGateway, WalkReport } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { formatDate, formatRssi, isolate } from '../../ui/format.ts';
import { entityName, useDevicesStore } from '../devices/devices-store.ts';
import { useGatewaysStore } from '../gateways/gateways-store.ts';
import { ReportTable } from '../reports/ReportTable.tsx';
import { metres } from './walk-format.ts';
import { WalkErrorMap } from './WalkErrorMap.tsx';

export function WalkReportView({ report }: { report: WalkReport }) {
  const { t, language } = useI18n();
  const device = useDevicesStore((s) => s.entities[report.deviceMac]);
  const number = new Map(report.points.map((p, i) => [p.pointId, i + 1]));
  const s = report.summary;
  return (
    <div className="walk-report" data-testid="walk-report" data-report-id={report.id}>
      <p className="walk-report-head">
        {t('walks.report.head', {
          date: formatDate(report.createdAt, language),
          tag: isolate(device ? entityName(device) : report.deviceMac),
          count: s.count,
          model: t(report.calibrationId ? 'walks.reports.calibrated' : 'walks.reports.own'),
        })}
      </p>
      <dl className="walk-report-figures" data-testid="walk-report-figures">
        <div>
          <dt>{t('walks.median')}</dt>
          <dd>{metres(s.medianM, t)}</dd>
        </div>
        <div>
          <dt>{t('walks.p90')}</dt>
          <dd>{metres(s.p90M, t)}</dd>
        </div>
        <div>
          <dt>{t('walks.report.max')}</dt>
          <dd>{metres(s.maxM, t)}</dd>
        </div>
        <div>
          <dt>{t('walks.report.unlocated')}</dt>
          <dd>{report.unlocated}</dd>
        </div>
      </dl>
      {report.worst.length > 0 && (
        <p data-testid="walk-report-worst">
          {t('walks.report.worst', {
            points: report.worst
              .map((id) => {
                const p = report.points.find((q) => q.pointId === id);
                return t('walks.report.worstPoint', {
                  n: number.get(id) ?? 0,
                  d: metres(p?.errorM, t),
                });
              })
              .join(', '),
          })}
        </p>
      )}
      <WalkErrorMap report={report} />
      <ZonesTable report={report} />
      <PointsTable report={report} />
    </div>
  );
}

/** A row per zone with points: how many, median, p90 and largest error. */
function ZonesTable({ report }: { report: WalkReport }) {
  const { t } = useI18n();
  if (report.zones.length === 0) return null;
  return (
    <div className="report-table-wrap">
      <ReportTable
        caption={t('walks.report.zones')}
        columns={[
          t('walks.report.zone'),
          t('walks.report.points'),
          t('walks.median'),
          t('walks.p90'),
          t('walks.report.max'),
        ]}
      >
        {report.zones.map((z) => (
          <tr key={z.zoneId}>
            <th scope="row">{z.name}</th>
            <td className="num">{z.summary.count}</td>
            <td className="num">{metres(z.summary.medianM, t)}</td>
            <td className="num">{metres(z.summary.p90M, t)}</td>
            <td className="num">{metres(z.summary.maxM, t)}</td>
          </tr>
        ))}
      </ReportTable>
    </div>
  );
}

/** Every point: its error, its zones and the gateways that heard it. */
function PointsTable({ report }: { report: WalkReport }) {
  const { t } = useI18n();
  const zoneName = new Map(report.zones.map((z) => [z.zoneId, z.name]));
  return (
    <div className="report-table-wrap">
      <ReportTable
        caption={t('walks.report.pointsCaption')}
        columns={[
          t('walks.report.point'),
          t('walks.report.error'),
          t('walks.report.zone'),
          t('walks.report.heard'),
        ]}
      >
        {report.points.map((p, i) => (
          <tr key={p.pointId} data-testid="walk-report-point">
            <th scope="row">{i + 1}</th>
            <td className="num">
              {p.errorM === null ? t('walks.report.notLocated') : metres(p.errorM, t)}
            </td>
            <td>{p.zoneIds.map((id) => zoneName.get(id) ?? id).join(', ')}</td>
            <td>
              <HeardList heard={p.heard} />
            </td>
          </tr>
        ))}
      </ReportTable>
    </div>
  );
}

/** The gateways that heard a point, loudest first: name, mean level, reports. */
function HeardList({ heard }: { heard: HeardGateway[] }) {
  const { t } = useI18n();
  const gateways = useGatewaysStore((s) => s.entities);
  if (heard.length === 0) return <>{t('walks.report.notHeard')}</>;
  const sorted = [...heard].sort((a, b) => b.rssi - a.rssi);
  return (
    <ul className="walk-heard">
      {sorted.map((h) => (
        <li key={h.mac}>
          {t('walks.report.heardBy', {
            gateway: isolate(gateways[h.mac]?.name || h.mac),
            rssi: formatRssi(h.rssi),
            count: h.count,
          })}
        </li>
      ))}
    </ul>
  );
}
