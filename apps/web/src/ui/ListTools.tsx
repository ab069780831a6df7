/** The tools row of the device and gateway lists: the 'show only current map' filter and an Add button. */
interface Props {
  filterLabel: string;
  currentOnly: boolean;
  onCurrentOnly: (value: boolean) => void;
  addLabel: string;
  /** Without it there is no Add button (the user may not add here). */
  onAdd?: () => void;
}

export function ListTools({ filterLabel, currentOnly, onCurrentOnly, addLabel, onAdd }: Props) {
  return (
    <div className="panel-tools">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={currentOnly}
          onChange={(e) => onCurrentOnly(e.target.checked)}
        />
        <span>{filterLabel}</span>
      </label>
      {onAdd && (
        <button type="button" className="button primary" onClick={onAdd}>
          {addLabel}
        </button>
      )}
    </div>
  );
}
