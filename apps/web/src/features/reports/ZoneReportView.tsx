/** The zone report: a table of every zone's figures and the occupancy chart of one zone. */
import type { ZoneReportResponse } from '@rtls/contract';
import { useMemo, useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { SelectField } from '../../ui/fields.tsx';
import { formatDate, formatDuration, isolate } from '../../ui/format.ts';
import { busiestZone, occupancyData } from './occupancy-data.ts';
import { OccupancyChart } from './OccupancyChart.tsx';
import { ReportTable } from './ReportTable.tsx';

export function ZoneReportView({ report }: { report: ZoneReportResponse }) {
  const { t, language } = useI18n();
  const [chosen, setChosen] = useState(() => busiestZone(report.zones) ?? '');
  const zone = report.zones.find((z) => z.zoneId === chosen) ?? report.zones[0];
  const data = useMemo(() => zone && occupancyData(report, zone), [report, zone]);
  const labels = useMemo(
    () => ({
      peak: t('reports.zones.seriesPeak'),
      mean: t('reports.zones.seriesMean'),
      axis: t('reports.zones.axis'),
    }),
    [t],
  );
  if (!zone || !data) return <p className="muted">{t('reports.zones.empty')}</p>;
  const period = t('reports.period', {
    from: formatDate(report.from, language),
    to: formatDate(report.to, language),
  });
  return (
    <div className="zone-report" data-testid="zone-report">
      <div className="report-table-wrap">
        <ReportTable
          caption={t('reports.zones.caption', { period })}
          columns={[
            t('reports.zones.zone'),
            t('reports.zones.visits'),
            t('reports.zones.total'),
            t('reports.zones.mean'),
            t('reports.zones.peak'),
          ]}
        >
          {report.zones.map((z) => (
            <tr key={z.zoneId}>
              <th scope="row">{z.name}</th>
              <td className="num">{z.visits}</td>
              <td className="num">{formatDuration(z.totalDwellSeconds)}</td>
              <td className="num">
                {z.meanDwellSeconds === null
                  ? t('reports.zones.none')
                  : formatDuration(z.meanDwellSeconds)}
              </td>
              <td>
                {z.peak
                  ? t('reports.zones.peakValue', {
                      count: z.peak.devices,
                      at: formatDate(z.peak.at, language),
                    })
                  : t('reports.zones.none')}
              </td>
            </tr>
          ))}
        </ReportTable>
      </div>
      <SelectField
        label={t('reports.zones.chartZone')}
        name="report-chart-zone"
        className="no-print"
        value={zone.zoneId}
        options={report.zones.map((z) => ({ value: z.zoneId, label: z.name }))}
        onChange={setChosen}
      />
      <figure className="report-figure">
        <figcaption>
          <strong>{t('reports.zones.chartTitle', { zone: isolate(zone.name) })}</strong>{' '}
          <span>
            {t('reports.zones.bucket', { count: report.bucketSeconds / 60 })}{' '}
            {zone.peak
              ? t('reports.zones.chartSummary', {
                  peak: zone.peak.devices,
                  at: formatDate(zone.peak.at, language),
                })
              : t('reports.zones.chartEmpty', { zone: isolate(zone.name) })}
          </span>
        </figcaption>
        <OccupancyChart data={data} language={language} labels={labels} />
      </figure>
    </div>
  );
}
