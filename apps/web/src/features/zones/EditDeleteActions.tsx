/** The edit and delete icon buttons at the end of a zone's or a rule's row. */
import { PencilIcon, TrashIcon } from '../maps/icons.tsx';

export function EditDeleteActions(props: {
  editLabel: string;
  deleteLabel: string;
  disabled: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <span className="row-actions">
      <button
        type="button"
        className="icon-button"
        aria-label={props.editLabel}
        title={props.editLabel}
        disabled={props.disabled}
        onClick={props.onEdit}
      >
        <PencilIcon />
      </button>
      <button
        type="button"
        className="icon-button danger"
        aria-label={props.deleteLabel}
        title={props.deleteLabel}
        disabled={props.disabled}
        onClick={props.onDelete}
      >
        <TrashIcon />
      </button>
    </span>
  );
}
