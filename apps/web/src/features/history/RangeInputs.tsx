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
  const ends = [
    { end: 'from', value: props.from, onChange: props.onFrom },
    { end: 'to', value: props.to, onChange: props.onTo },
  ] as const;
  return (
    <>
      {ends.map(({ end, value, onChange }) => (
        <label key={end} className="field">
          <span>{t(`history.export.${end}`)}</span>
          <input
            name={`${props.name}-${end}`}
            type="datetime-local"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        </label>
      ))}
    </>
  );
}
