/** The From and To of a range of time, as local date and time inputs (history export, replay). */
import { useI18n } from '../../i18n/I18nProvider.tsx';

const pad = (n: number) => String(n).padStart(2, '0');
/** A time as a datetime-local input shows it (local time, to the minute). */
export const localInput = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export function RangeInputs(props: {
  /** Prefix of the inputs' names (`<name>-from`, `<name>-to`). */
  name: string;
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <label className="field">
        <span>{t('history.export.from')}</span>
        <input
          name={`${props.name}-from`}
          type="datetime-local"
          value={props.from}
          onChange={(e) => props.onFrom(e.target.value)}
        />
      </label>
      <label className="field">
        <span>{t('history.export.to')}</span>
        <input
          name={`${props.name}-to`}
          type="datetime-local"
          value={props.to}
          onChange={(e) => props.onTo(e.target.value)}
        />
      </label>
    </>
  );
}
