/** The one action of each row of a list (delete, retry, revoke), taken by the row's id. */
import type { ReactNode } from 'react';

/** A list whose rows each have one action: the rows, whether a call runs, and the action. */
export interface RowActionListProps<T> {
  items: T[];
  busy: boolean;
  onAction: (id: string) => void;
}

interface Props {
  /** The accessible name: what the action does to which row. */
  label: string;
  /** A question to confirm first (an action that cannot be undone). */
  confirm?: string;
  busy: boolean;
  onAct: () => void;
  children: ReactNode;
}

/** The row's button: disabled while a call runs; when there is a question, acts only on yes. */
export function RowAction({ label, confirm, busy, onAct, children }: Props) {
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
      {children}
    </button>
  );
}
