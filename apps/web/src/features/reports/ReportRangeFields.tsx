/** The From and To of a report's range, and why it was refused when it was. */
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { RangeInputs } from '../history/RangeInputs.tsx';
import type { useReportRange } from './use-report-range.ts';

export function ReportRangeFields(props: {
  name: string;
  range: ReturnType<typeof useReportRange>;
}) {
  const { t } = useI18n();
  const { range } = props;
  return (
    <>
      <RangeInputs
        name={props.name}
        from={range.from}
        to={range.to}
        onFrom={range.setFrom}
        onTo={range.setTo}
      />
      {range.invalid && (
        <p className="error-text" role="alert">
          {t('reports.badRange')}
        </p>
      )}
    </>
  );
}
