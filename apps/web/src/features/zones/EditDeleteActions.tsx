/** The edit and delete icon buttons at the end of a zone's or a rule's row. */
import { IconButton } from '../../ui/IconButton.tsx';
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
      <IconButton label={props.editLabel} disabled={props.disabled} onClick={props.onEdit}>
        <PencilIcon />
      </IconButton>
      <IconButton
        danger
        label={props.deleteLabel}
        disabled={props.disabled}
        onClick={props.onDelete}
      >
        <TrashIcon />
      </IconButton>
    </span>
  );
}
