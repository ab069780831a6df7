/** Create and Edit map dialogs: fields, image picker, upload progress, save. */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorText } from '../../api/http.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { resolveImageUrl } from '../../map/image-url.ts';
import { ImagePicker } from './ImagePicker.tsx';
import { useMapDialogStore } from './map-dialog-store.ts';
import { EMPTY_FORM, formFromMap, type MapFormValues } from './map-form.ts';
import { MapImageError, useMapsStore } from './maps-store.ts';
import { ShareMapDialog } from './ShareMapDialog.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormActions } from '../../ui/FormActions.tsx';

/** Mounts the open map dialog, if any. */
export function MapDialogs() {
  const dialog = useMapDialogStore((s) => s.dialog);
  const close = useMapDialogStore((s) => s.close);
  const editedExists = useMapsStore(
    (s) => dialog?.kind === 'create' || !!s.entities[dialog?.id ?? ''],
  );
  // A dialog whose map has gone (deleted elsewhere) closes rather than turning into another.
  if (!dialog || !editedExists) return null;
  if (dialog.kind === 'share')
    return <ShareMapDialog key={dialog.id} mapId={dialog.id} onClose={close} />;
  // A key per dialog resets the form and the picked image every time one opens.
  return <MapFormModal key={dialog.kind === 'edit' ? dialog.id : 'create'} />;
}

function MapFormModal() {
  const { t } = useI18n();
  const dialog = useMapDialogStore((s) => s.dialog);
  const close = useMapDialogStore((s) => s.close);
  const editing = useMapsStore((s) =>
    dialog?.kind === 'edit' ? s.entities[dialog.id] : undefined,
  );
  const [values, setValues] = useState<MapFormValues>(editing ? formFromMap(editing) : EMPTY_FORM);
  const [file, setFile] = useState<File | null>(null);
  const [removeCurrent, setRemoveCurrent] = useState(false);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(
    dialog?.kind === 'edit' ? (dialog.error ?? null) : null,
  );
  const titleId = useId();
  const nameRef = useRef<HTMLInputElement>(null);

  useEffect(() => nameRef.current?.focus(), []);

  const field = (key: keyof MapFormValues) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [key]: e.target.value })),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!values.name.trim()) {
      setError(t('maps.form.nameRequired'));
      nameRef.current?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    const write = {
      values,
      image: file,
      removeImage: removeCurrent,
      onProgress: (f: number) => setProgress(f),
    };
    try {
      if (editing) await useMapsStore.getState().update(editing._id, write);
      else await useMapsStore.getState().create(write);
      close();
    } catch (err) {
      if (err instanceof MapImageError) {
        // The map was created; only its image failed. Reopen it for editing, to retry the image.
        console.error('Failed to upload image', err.cause);
        useMapDialogStore.getState().openEdit(err.mapId, errorText(err.cause));
        return;
      }
      console.error(editing ? 'Failed to update map' : 'Failed to create map', err);
      setError(errorText(err));
      setSaving(false);
      setProgress(null);
    }
  }

  const currentUrl =
    editing && !removeCurrent ? resolveImageUrl(editing.settings.backgroundImage) : null;
  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <Dialog variant="modal" labelledBy={titleId} onClose={close} busy={saving}>
      <form className="map-form" onSubmit={submit} noValidate data-testid="map-form">
        <h2 id={titleId}>{t(editing ? 'maps.form.editTitle' : 'maps.form.createTitle')}</h2>
        <label className="field">
          <span>{t('maps.form.name')} *</span>
          <input ref={nameRef} name="name" required aria-required="true" {...field('name')} />
        </label>
        <label className="field">
          <span>{t('maps.form.description')}</span>
          <textarea name="description" rows={2} {...field('description')} />
        </label>
        <div className="form-row">
          <label className="field">
            <span>{t('maps.form.building')}</span>
            <input name="buildingName" {...field('buildingName')} />
          </label>
          <label className="field">
            <span>{t('maps.form.floor')}</span>
            <input name="floor" {...field('floor')} />
          </label>
        </div>
        <ImagePicker
          file={file}
          onFile={setFile}
          currentUrl={currentUrl}
          onRemoveCurrent={() => setRemoveCurrent(true)}
        />
        {percent !== null && (
          <div className="upload-progress">
            <progress
              max={100}
              value={percent}
              aria-label={t('maps.form.uploading', { percent })}
            />
            <span className="small muted">{t('maps.form.uploading', { percent })}</span>
          </div>
        )}
        {error && (
          <p className="error-box" role="alert">
            {error}
          </p>
        )}
        <FormActions
          cancel={t('maps.form.cancel')}
          onCancel={close}
          submit={
            saving ? t('maps.form.saving') : t(editing ? 'maps.form.save' : 'maps.form.create')
          }
          busy={saving}
        />
      </form>
    </Dialog>
  );
}
