/**
 * Share a map (owners only): make it public, add people by e-mail or user name as editors or
 * viewers, change their role, remove them.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { COLLABORATOR_ROLES as ROLES, type CollaboratorRole } from '@rtls/contract';
import { errorText } from '../../api/http.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { TrashIcon } from './icons.tsx';
import { useMapsStore } from './maps-store.ts';
import { useCollaborators } from './use-collaborators.ts';

export function ShareMapDialog({ mapId, onClose }: { mapId: string; onClose: () => void }) {
  const { t } = useI18n();
  const map = useMapsStore((s) => s.entities[mapId]);
  const { people, error, busy, add, setRole, remove } = useCollaborators(mapId);
  const [user, setUser] = useState('');
  const [role, setNewRole] = useState<CollaboratorRole>('viewer');
  const [formError, setFormError] = useState<string | null>(null);
  const [publicBusy, setPublicBusy] = useState(false);
  const userRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const hintId = useId();
  if (!map) return null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!user.trim()) {
      setFormError(t('maps.share.required'));
      userRef.current?.focus();
      return;
    }
    setFormError(null);
    if (await add(user.trim(), role)) setUser('');
  }

  async function togglePublic(isPublic: boolean) {
    if (publicBusy) return;
    setPublicBusy(true);
    setFormError(null);
    try {
      await useMapsStore.getState().setPublic(mapId, isPublic);
    } catch (err) {
      console.error('Failed to update map', err);
      setFormError(errorText(err));
    } finally {
      setPublicBusy(false);
    }
  }

  const shownError = formError ?? error;
  const roleOptions = ROLES.map((r) => (
    <option key={r} value={r}>
      {t(`maps.access.${r}`)}
    </option>
  ));
  return (
    <Dialog variant="modal" labelledBy={titleId} onClose={onClose} testId="share-map">
      <div className="share-map">
        <h2 id={titleId}>{t('maps.share.title', { name: map.name })}</h2>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={map.isPublic}
            aria-describedby={hintId}
            onChange={(e) => void togglePublic(e.target.checked)}
          />
          <span>{t('maps.share.public')}</span>
        </label>
        <p id={hintId} className="muted small">
          {t('maps.share.publicHint')}
        </p>
        <h3 className="section-title">{t('maps.share.people')}</h3>
        {people === null ? (
          <div className="spinner" role="status" aria-label={t('app.loading')} />
        ) : (
          <ul className="share-people" aria-label={t('maps.share.people')} aria-busy={busy}>
            <li>
              <span className="grow">{t('maps.share.you')}</span>
              <span className="badge owner">{t('maps.access.owner')}</span>
            </li>
            {people.map((p) => (
              <li key={p.userId} data-testid="collaborator">
                <span className="grow">
                  <span dir="auto">{p.name || p.email}</span>
                  {p.name && (
                    <span className="muted small" dir="ltr">
                      {' '}
                      {p.email}
                    </span>
                  )}
                </span>
                <select
                  aria-label={t('maps.share.roleOf', { name: p.name || p.email })}
                  value={p.role}
                  onChange={(e) => void setRole(p.userId, e.target.value as CollaboratorRole)}
                >
                  {roleOptions}
                </select>
                <IconButton
                  label={t('maps.share.remove', { name: p.name || p.email })}
                  danger
                  onClick={() => {
                    if (window.confirm(t('maps.share.confirmRemove', { name: p.name || p.email })))
                      void remove(p.userId);
                  }}
                >
                  <TrashIcon />
                </IconButton>
              </li>
            ))}
            {people.length === 0 && <li className="muted">{t('maps.share.empty')}</li>}
          </ul>
        )}
        <form className="share-add" onSubmit={submit} noValidate>
          <label className="field grow">
            <span>{t('maps.share.user')}</span>
            <input
              ref={userRef}
              name="user"
              dir="ltr"
              autoComplete="off"
              value={user}
              onChange={(e) => setUser(e.target.value)}
            />
          </label>
          <label className="field">
            <span>{t('maps.share.role')}</span>
            <select
              name="role"
              value={role}
              onChange={(e) => setNewRole(e.target.value as CollaboratorRole)}
            >
              {roleOptions}
            </select>
          </label>
          <button type="submit" className="button primary" aria-busy={busy}>
            {t('maps.share.add')}
          </button>
        </form>
        <p className="muted small">{t('maps.share.editorHint')}</p>
        {shownError && (
          <p className="error-box" role="alert">
            {shownError}
          </p>
        )}
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('maps.share.done')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
