/** Background image picker: click or drag and drop, type and size checks with alerts, preview and remove. */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { checkImage, pickDropped } from './map-form.ts';

interface Props {
  file: File | null;
  onFile: (file: File | null) => void;
  /** The map's current image (edit), shown until it is removed or replaced. */
  currentUrl?: string | null;
  onRemoveCurrent?: () => void;
}

export function ImagePicker({ file, onFile, currentUrl, onRemoveCurrent }: Props) {
  const { t } = useI18n();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const accept = (candidate: File | undefined) => {
    if (!candidate) return;
    const problem = checkImage(candidate);
    if (problem) {
      window.alert(t(problem === 'notImage' ? 'maps.form.notImage' : 'maps.form.tooLarge'));
      return;
    }
    onFile(candidate);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    accept(pickDropped([...e.dataTransfer.files]));
  };

  const shown = preview ?? currentUrl ?? null;
  return (
    <div className="field">
      <span id={`${inputId}-label`}>{t('maps.form.image')}</span>
      {shown ? (
        <div className="image-preview">
          <img
            src={shown}
            alt={preview ? t('maps.form.preview') : t('maps.form.currentImage')}
            data-testid="image-preview"
          />
          <button
            type="button"
            className="button"
            onClick={() => {
              if (preview) onFile(null);
              else onRemoveCurrent?.();
              if (inputRef.current) inputRef.current.value = '';
            }}
          >
            {t('maps.form.removeImage')}
          </button>
        </div>
      ) : (
        <label
          htmlFor={inputId}
          className={`drop-zone${dragging ? ' dragging' : ''}`}
          data-testid="drop-zone"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <span>{t('maps.form.pick')}</span>
          <span className="muted small">{t('maps.form.formats')}</span>
        </label>
      )}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/*"
        className="visually-hidden"
        aria-labelledby={`${inputId}-label`}
        data-testid="image-input"
        onChange={(e) => accept(e.target.files?.[0])}
      />
    </div>
  );
}
