/**
 * The Maps tab's buildings: the user's buildings with their floors, each to edit or delete, and a
 * new one to make (BuildingForm). Whoever may not edit every floor is refused by the server, with
 * its reason shown.
 */
import { useState } from 'react';
import type { Building } from '@rtls/contract';
import { deleteBuilding } from '../../api/buildings.ts';
import { errorText } from '../../api/http.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { BuildingForm } from './BuildingForm.tsx';
import { useBuildingsStore } from './buildings-store.ts';

/** What the section shows: the list, or the form for a new building or one of the list. */
type Editing = { building: Building | null } | null;

export function BuildingsSection() {
  const { t } = useI18n();
  const buildings = useBuildingsStore((s) => s.buildings);
  const [editing, setEditing] = useState<Editing>(null);
  const [error, setError] = useState<string | null>(null);

  async function remove(b: Building) {
    if (!window.confirm(t('buildings.editor.confirmDelete', { name: b.name }))) return;
    setError(null);
    try {
      await deleteBuilding(b._id);
      await useBuildingsStore.getState().load();
    } catch (err) {
      setError(errorText(err));
    }
  }

  return (
    <section
      className="buildings-section"
      aria-labelledby="buildings-title"
      data-testid="buildings-section"
    >
      <h3 id="buildings-title" className="section-title">
        {t('buildings.editor.title')}
      </h3>
      <p className="small muted">{t('buildings.editor.intro')}</p>
      {editing ? (
        <BuildingForm building={editing.building} onDone={() => setEditing(null)} />
      ) : (
        <>
          {buildings.length === 0 && <p className="muted">{t('buildings.editor.none')}</p>}
          <ul className="rule-list">
            {buildings.map((b) => (
              <li key={b._id} className="building-row">
                <span dir="auto">{b.name}</span>
                <span className="small muted">
                  {t('buildings.editor.floorCount', { count: b.floors.length })}
                </span>
                <span className="form-row">
                  <button
                    type="button"
                    className="button"
                    aria-label={t('buildings.editor.edit', { name: b.name })}
                    onClick={() => setEditing({ building: b })}
                  >
                    {t('buildings.editor.editShort')}
                  </button>
                  <button
                    type="button"
                    className="button"
                    aria-label={t('buildings.editor.delete', { name: b.name })}
                    onClick={() => void remove(b)}
                  >
                    {t('buildings.editor.deleteShort')}
                  </button>
                </span>
              </li>
            ))}
          </ul>
          <ErrorText error={error} />
          <button type="button" className="button" onClick={() => setEditing({ building: null })}>
            {t('buildings.editor.new')}
          </button>
        </>
      )}
    </section>
  );
}
