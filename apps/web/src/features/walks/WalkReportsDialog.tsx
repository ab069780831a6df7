/**
 * The map's accuracy reports: every report with its date, median and p90 (oldest first, so the
 * trend reads down the table), and the one chosen in full. Print prints the dialog's report alone
 * (the reports' print style sheet); Download CSV saves the server's CSV of it.
 */
import type { WalkReport, WalkReportSummary } from '@rtls/contract';
import { useEffect, useId, useState } from 'react';
import { downloadWalkReportCsv, fetchWalkReport, fetchWalkReports } from '../../api/walks.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { useBusyCall } from '../../ui/use-busy-call.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ReportTable } from '../reports/ReportTable.tsx';
import { formatDate } from '../../ui/format.ts';
import { metres } from './walk-format.ts';
import { walkFailure } from './walk-errors.ts';
import { WalkErrorText } from './WalkErrorText.tsx';
import { WalkReportView } from './WalkReportView.tsx';
import { saveFile } from '../../ui/save-file.ts';

interface Props {
  mapId: string;
  /** The report to show first; the newest when not given. */
  reportId?: string;
  onClose: () => void;
}

/** The map's reports, the chosen one in full (the newest unless named) and its CSV download. */
function useWalkReports(mapId: string, reportId: string | undefined) {
  const [list, setList] = useState<WalkReportSummary[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(reportId ?? null);
  const [report, setReport] = useState<WalkReport | null>(null);
  const { busy, error, run } = useBusyCall(undefined, walkFailure);
  useEffect(() => {
    void run(async () => {
      const all = await fetchWalkReports(mapId);
      setList(all);
      setChosen((c) => c ?? all[all.length - 1]?.id ?? null);
    });
  }, [mapId, run]);
  useEffect(() => {
    if (!chosen) return;
    setReport(null);
    void run(async () => setReport(await fetchWalkReport(chosen)));
  }, [chosen, run]);
  const download = (id: string) =>
    run(async () => {
      const { blob, filename } = await downloadWalkReportCsv(id);
      saveFile(blob, filename);
    });
  return { list, chosen, setChosen, report, busy, error, download };
}

export function WalkReportsDialog({ mapId, reportId, onClose }: Props) {
  const { t } = useI18n();
  const titleId = useId();
  const { list, chosen, setChosen, report, busy, error, download } = useWalkReports(
    mapId,
    reportId,
  );

  return (
    <Dialog variant="modal" labelledBy={titleId} onClose={onClose} testId="walk-reports-dialog">
      <div className="reports walk-reports">
        <h2 id={titleId}>{t('walks.reports.title')}</h2>
        <p className="muted no-print">{t('walks.reports.intro')}</p>
        {list && list.length === 0 && <p className="muted">{t('walks.reports.empty')}</p>}
        {list && list.length > 0 && (
          <div className="report-table-wrap no-print">
            <Trend list={list} chosen={chosen} onChoose={setChosen} />
          </div>
        )}
        <WalkErrorText error={error} />
        <div className="form-actions no-print">
          <button
            type="button"
            className="button"
            disabled={!report}
            onClick={() => window.print()}
          >
            {t('walks.reports.print')}
          </button>
          <button
            type="button"
            className="button"
            disabled={!report || busy}
            onClick={() => report && void download(report.id)}
          >
            {t('walks.reports.csv')}
          </button>
          <button type="button" className="button ghost" onClick={onClose}>
            {t('walks.reports.close')}
          </button>
        </div>
        <div aria-live="polite" aria-busy={busy}>
          {report && <WalkReportView report={report} />}
        </div>
      </div>
    </Dialog>
  );
}

/** Every report of the map, oldest first, each with Show. */
function Trend(props: {
  list: WalkReportSummary[];
  chosen: string | null;
  onChoose: (id: string) => void;
}) {
  const { t, language } = useI18n();
  return (
    <ReportTable
      caption={t('walks.reports.trend')}
      columns={[
        t('walks.reports.date'),
        t('walks.median'),
        t('walks.p90'),
        t('walks.reports.model'),
        t('walks.reports.show'),
      ]}
    >
      {props.list.map((r) => {
        const date = formatDate(r.createdAt, language);
        return (
          <tr key={r.id} data-testid="walk-report-row" aria-current={r.id === props.chosen}>
            <th scope="row">{date}</th>
            <td className="num">{metres(r.summary.medianM, t)}</td>
            <td className="num">{metres(r.summary.p90M, t)}</td>
            <td>{t(r.calibrationId ? 'walks.reports.calibrated' : 'walks.reports.own')}</td>
            <td>
              <button
                type="button"
                className="button small"
                aria-pressed={r.id === props.chosen}
                aria-label={t('walks.reports.showOne', { date })}
                onClick={() => props.onChoose(r.id)}
              >
                {t('walks.reports.show')}
              </button>
            </td>
          </tr>
        );
      })}
    </ReportTable>
  );
}
