/**
 * Inline rename of a device or gateway: saves on blur or Enter, Escape cancels. A failed
 * save says why beside the name.
 */
import { useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { changeFailureText } from '../maps/refusal.ts';

interface Props {
  value: string;
  label: string;
  /** Text shown when an empty name is refused; without it an empty name is allowed. */
  requiredMessage?: string;
  onSave: (name: string) => Promise<void>;
}

export function InlineRename({ value, label, requiredMessage, onSave }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const { t, language } = useI18n();

  const start = () => {
    setDraft(value);
    setError(null);
    setFailed(null);
    setEditing(true);
  };
  const commit = async () => {
    const name = draft.trim();
    if (!name && requiredMessage) {
      setError(requiredMessage);
      return;
    }
    setEditing(false);
    if (name === value) return;
    try {
      await onSave(name);
    } catch (err) {
      console.error('Failed to rename', err);
      setFailed(err);
    }
  };

  if (!editing)
    return (
      <>
        <button
          type="button"
          className="rename-text title"
          title={label}
          aria-label={label}
          onClick={start}
        >
          {value}
        </button>
        {failed !== null && (
          <span className="error-text small" role="alert">
            {changeFailureText(failed, t, language)}
          </span>
        )}
      </>
    );
  return (
    <span className="rename">
      <input
        className="rename-input"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        value={draft}
        autoFocus
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => void commit()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void commit();
          if (e.key === 'Escape') {
            e.stopPropagation();
            setEditing(false);
          }
        }}
      />
      {error && (
        <span className="error-text small" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
