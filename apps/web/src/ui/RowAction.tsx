/** The one action of each row of a list (delete, retry, revoke), taken by the row's id. */

/** A list whose rows each have one action: the rows, whether a call runs, and the action. */
export interface RowActionListProps<T> {
  items: T[];
  busy: boolean;
  onAction: (id: string) => void;
}

/** What a row's action button says. */
export interface RowActionTexts {
  /** The accessible name: what the action does to which row. */
  label: string;
  /** A question to confirm first (an action that cannot be undone). */
  confirm?: string;
  button: string;
}

interface Props {
  texts: RowActionTexts;
  busy: boolean;
  onAct: () => void;
}

/** The row's button: disabled while a call runs; when there is a question, acts only on yes. */
export function RowAction({ texts: { label, confirm, button }, busy, onAct }: Props) {
  return (
    <button
      type="button"
      className="button"
      disabled={busy}
      aria-label={label}
      onClick={() => {
        if (confirm === undefined || window.confirm(confirm)) onAct();
      }}
    >
      {button}
    </button>
  );
}
