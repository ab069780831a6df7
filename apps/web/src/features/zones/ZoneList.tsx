/** The map's zones with how many devices are in each now; owners and editors edit and delete. */
import { errorText } from '../../api/http.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { EditDeleteActions } from './EditDeleteActions.tsx';
import { sortedZones, useZonesStore } from './zones-store.ts';

export function ZoneList({ editable }: { editable: boolean }) {
  const { t } = useI18n();
  const entities = useZonesStore((s) => s.entities);
  const occupancy = useZonesStore((s) => s.occupancy);
  const busy = useZonesStore((s) => s.draft !== null);
  const zones = sortedZones(entities);
  if (zones.length === 0) return <p className="muted">{t('zones.empty')}</p>;

  const remove = (id: string, name: string) => {
    if (!window.confirm(t('zones.confirmDelete', { name }))) return;
    useZonesStore
      .getState()
      .deleteZone(id)
      .catch((err: unknown) => {
        console.error('Failed to delete zone', err);
        useZonesStore.setState({ error: errorText(err) });
      });
  };

  return (
    <ul className="zone-list" data-testid="zone-list">
      {zones.map((z) => (
        <li key={z.id} className="zone-row" data-zone-id={z.id}>
          <span className="swatch" style={{ background: z.color }} aria-hidden="true" />
          <span className="zone-row-name" dir="auto">
            {z.name}
          </span>
          <span className="zone-row-count muted small" data-testid="zone-row-count">
            {t('zones.occupancy', { count: occupancy[z.id] ?? 0 })}
          </span>
          {editable && (
            <EditDeleteActions
              editLabel={t('zones.edit', { name: z.name })}
              deleteLabel={t('zones.delete', { name: z.name })}
              disabled={busy}
              onEdit={() => useZonesStore.getState().startEditing(z.id)}
              onDelete={() => remove(z.id, z.name)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
