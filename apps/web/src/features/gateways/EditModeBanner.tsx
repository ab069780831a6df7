/**
 * Edit mode: the banner with Save, which persists every gateway and leaves edit mode.
 * Leaving any other way (the edit button) resets the positions to the map's saved configuration,
 * after asking when gateways were dragged and not saved. A failed Save says why.
 */
import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { translator } from '../../i18n/i18n.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { changeFailureText } from '../maps/refusal.ts';
import { useGatewaysStore } from './gateways-store.ts';

/** Set while Save leaves edit mode, so the reset below does not undo what was just saved. */
let leavingBySave = false;

/** Leaving edit mode: keep unsaved drags only if the user says so (then edit mode stays on). */
function onLeave() {
  const gateways = useGatewaysStore.getState();
  if (Object.keys(gateways.moved).length > 0) {
    const t = translator(useUiStore.getState().language);
    if (!window.confirm(t('gateways.confirmDiscard'))) {
      useUiStore.getState().setEditMode(true);
      return;
    }
  }
  gateways.discardPositions();
}

export function EditModeBanner() {
  const { t, language } = useI18n();
  const editing = useUiStore((s) => s.isEditMode);
  const saving = useGatewaysStore((s) => s.savingPositions);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(
    () =>
      useUiStore.subscribe((s, prev) => {
        if (prev.isEditMode && !s.isEditMode && !leavingBySave) onLeave();
      }),
    [],
  );
  useEffect(() => () => useGatewaysStore.getState().discardPositions(), []);
  useEffect(() => {
    if (!editing) setFailure(null);
  }, [editing]);

  if (!editing) return null;
  const save = async () => {
    setFailure(null);
    try {
      await useGatewaysStore.getState().savePositions();
      leavingBySave = true;
      useUiStore.getState().setEditMode(false);
    } catch (err) {
      console.error('Failed to save gateway', err);
      setFailure(err);
    } finally {
      leavingBySave = false;
    }
  };
  return (
    <div className="edit-banner" role="status" data-testid="edit-banner">
      <span>{t('gateways.editBanner')}</span>
      {failure !== null && (
        <span className="error-text" role="alert">
          {changeFailureText(failure, t, language)}
        </span>
      )}
      <button
        type="button"
        className="button primary"
        disabled={saving}
        onClick={() => void save()}
      >
        {saving ? t('gateways.saving') : t('gateways.save')}
      </button>
    </div>
  );
}
