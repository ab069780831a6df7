/** The closing row of a form: cancel, then submit (the primary button). */
interface Props {
  cancel: string;
  onCancel: () => void;
  submit: string;
  /** A call runs: submit waits, and so does cancel unless `cancelAnytime`. */
  busy?: boolean;
  /** Whether the form may be submitted, besides not being busy. */
  ready?: boolean;
  /** Cancel stays usable while the call runs. */
  cancelAnytime?: boolean;
  /** The row of a dialog (a ghost cancel) rather than of a panel's form. */
  dialog?: boolean;
}

export function FormActions(props: Props) {
  const { busy = false, ready = true, dialog = false } = props;
  return (
    <div className={dialog ? 'dlg-actions' : 'form-actions'}>
      <button
        type="button"
        className={dialog ? 'button ghost' : 'button'}
        onClick={props.onCancel}
        disabled={!props.cancelAnytime && busy}
      >
        {props.cancel}
      </button>
      <button type="submit" className="button primary" disabled={!ready || busy}>
        {props.submit}
      </button>
    </div>
  );
}
