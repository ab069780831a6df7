/**
 * The head of the device and gateway lists: title and count, the 'show only current map' filter
 * and an Add button.
 */
import { useI18n } from '../i18n/I18nProvider.tsx';

interface Props {
  /** Whose texts: their title, count, showCurrentMap and add. */
  texts: 'devices' | 'gateways';
  count: number;
  /** The filter's value and its setter, as useStoredFlag keeps them. */
  currentOnly: readonly [boolean, (value: boolean) => void];
  /** Without it there is no Add button (the user may not add here). */
  onAdd?: () => void;
}

export function ListHead({
  texts,
  count,
  currentOnly: [currentOnly, setCurrentOnly],
  onAdd,
}: Props) {
  const { t } = useI18n();
  return (
    <>
      <div className="panel-head">
        <h3 className="section-title">{t(`${texts}.title`)}</h3>
        <span className="muted small">{t(`${texts}.count`, { count })}</span>
      </div>
      <div className="panel-tools">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={currentOnly}
            onChange={(e) => setCurrentOnly(e.target.checked)}
          />
          <span>{t(`${texts}.showCurrentMap`)}</span>
        </label>
        {onAdd && (
          <button type="button" className="button primary" onClick={onAdd}>
            {t(`${texts}.add`)}
          </button>
        )}
      </div>
    </>
  );
}
