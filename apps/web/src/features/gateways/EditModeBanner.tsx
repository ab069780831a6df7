/**
 * Edit mode (spec §4): the banner with Save, which persists every gateway and leaves edit mode.
 * Leaving any other way (the edit button) resets the positions to the map's saved configuration.
 */
import { useEffect } from 'react';
import { useI18n } from '../../app/I18nProvider.tsx';
import { useUiStore } from '../layout/ui-store.ts';
import { useGatewaysStore } from './gateways-store.ts';

/** Set while Save leaves edit mode, so the reset below does not undo what was just saved. */
let leavingBySave = false;

export function EditModeBanner() {
  const { t } = useI18n();
  const editing = useUiStore((s) => s.isEditMode);
  const saving = useGatewaysStore((s) => s.savingPositions);

  useEffect(
    () =>
      useUiStore.subscribe((s, prev) => {
        if (prev.isEditMode && !s.isEditMode && !leavingBySave)
          useGatewaysStore.getState().discardPositions();
      }),
    [],
  );
  useEffect(() => () => useGatewaysStore.getState().discardPositions(), []);

  if (!editing) return null;
  const save = async () => {
    try {
      await useGatewaysStore.getState().savePositions();
      leavingBySave = true;
      useUiStore.getState().setEditMode(false);
    } catch (err) {
      console.error('Failed to save gateway', err);
    } finally {
      leavingBySave = false;
    }
  };
  return (
    <div className="edit-banner" role="status" data-testid="edit-banner">
      <span>{t('gateways.editBanner')}</span>
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
