/**
 * The parts the Add Device and Add Gateway dialogs share: the available/manual switch,
 * the list of what the provider heard (radio options with error, loading and empty states), the
 * manual MAC (upper-cased) and name entry, and the cancel/submit row, framed by
 * AddToMonitoringDialog.
 */
import { useState, type ReactNode } from 'react';
import { useI18n } from '../i18n/I18nProvider.tsx';
import { Dialog } from './Dialog.tsx';
import { FormActions } from './FormActions.tsx';
import { Segmented } from './Segmented.tsx';

export type Source = 'available' | 'manual';
/** Whose texts a dialog shows: the translation namespace of devices or of gateways. */
type Kind = 'devices' | 'gateways';

function SourceSwitch({ kind, entry }: { kind: Kind; entry: MonitoringEntry }) {
  const { t } = useI18n();
  return (
    <Segmented
      value={entry.source}
      options={[
        { value: 'available', label: t(`${kind}.fromAvailable`) },
        { value: 'manual', label: t(`${kind}.manual`) },
      ]}
      onChange={entry.setSource}
    />
  );
}

export interface AvailableOption {
  mac: string;
  title: string;
  /** After the MAC, e.g. the gateway's IP. */
  detail?: string;
  aside: ReactNode;
}

export function AvailableList(props: {
  label: string;
  /** The radio group's input name. */
  name: string;
  options: AvailableOption[];
  picked: string | null;
  onPick: (mac: string) => void;
  loading: boolean;
  error: string | null;
  emptyText: string;
}) {
  const { t } = useI18n();
  const { options, loading, error } = props;
  return (
    <div className="dlg-list" role="radiogroup" aria-label={props.label}>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {loading && options.length === 0 && (
        <div className="spinner" role="status" aria-label={t('app.loading')} />
      )}
      {!loading && !error && options.length === 0 && <p className="muted">{props.emptyText}</p>}
      {options.map((o) => (
        <label key={o.mac} className="dlg-option">
          <input
            type="radio"
            name={props.name}
            value={o.mac}
            checked={props.picked === o.mac}
            onChange={() => props.onPick(o.mac)}
          />
          <span className="grow">
            <span className="title">{o.title}</span>
            <span className="muted small" dir="ltr">
              {o.mac}
              {o.detail}
            </span>
          </span>
          <span className="muted small">{o.aside}</span>
        </label>
      ))}
    </div>
  );
}

function ManualEntry({ kind, entry }: { kind: Kind; entry: MonitoringEntry }) {
  const { t } = useI18n();
  return (
    <div className="dlg-fields">
      <label className="field">
        <span>{t(`${kind}.mac`)}</span>
        <input
          name="mac"
          dir="ltr"
          placeholder={t(`${kind}.macPlaceholder`)}
          value={entry.mac}
          onChange={(e) => entry.setMac(e.target.value.toUpperCase())}
        />
      </label>
      <label className="field">
        <span>{t(`${kind}.name`)}</span>
        <input name="name" value={entry.name} onChange={(e) => entry.setName(e.target.value)} />
      </label>
    </div>
  );
}

/** Manual entry needs both MAC and name; a pick from the list needs a selection. */
export const sourceReady = (source: Source, picked: string | null, mac: string, name: string) =>
  source === 'available' ? picked !== null : mac.trim() !== '' && name.trim() !== '';

function DialogActions(props: { kind: Kind; busy: boolean; ready: boolean; onCancel: () => void }) {
  const { t } = useI18n();
  return (
    <FormActions
      dialog
      cancel={t(`${props.kind}.cancel`)}
      onCancel={props.onCancel}
      submit={t(props.busy ? `${props.kind}.adding` : `${props.kind}.addButton`)}
      busy={props.busy}
      ready={props.ready}
    />
  );
}

/**
 * What an Add Device or Add Gateway dialog holds: where the new one comes from (a pick from the
 * list, or a MAC and name typed in) and how its adding goes. `add` runs the adding: the dialog
 * closes when it succeeds, and shows why when it fails (`what` names it in the console's log).
 */
export function useMonitoringEntry(what: string, onClose: () => void) {
  const [source, setSource] = useState<Source>('available');
  const [picked, setPicked] = useState<string | null>(null);
  const [mac, setMac] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const add = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
      onClose();
    } catch (err) {
      console.error(`Failed to add ${what} to monitoring`, err);
      setFailure(err);
      setBusy(false);
    }
  };
  return { source, setSource, picked, setPicked, mac, setMac, name, setName, busy, failure, add };
}

export type MonitoringEntry = ReturnType<typeof useMonitoringEntry>;

/**
 * The Add Device or Add Gateway dialog, in the texts of `kind`: the source switch, what the
 * provider heard (`available`) or the manual MAC and name, then the dialog's own fields
 * (`children`) and the cancel/submit row.
 */
export function AddToMonitoringDialog(props: {
  kind: Kind;
  testId: string;
  entry: MonitoringEntry;
  ready: boolean;
  onClose: () => void;
  onSubmit: () => void;
  available: ReactNode;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const { kind, entry } = props;
  return (
    <Dialog
      title={t(`${kind}.addTitle`)}
      onClose={props.onClose}
      busy={entry.busy}
      testId={props.testId}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
      >
        <SourceSwitch kind={kind} entry={entry} />
        {entry.source === 'available' ? props.available : <ManualEntry kind={kind} entry={entry} />}
        {props.children}
        <DialogActions kind={kind} busy={entry.busy} ready={props.ready} onCancel={props.onClose} />
      </form>
    </Dialog>
  );
}
