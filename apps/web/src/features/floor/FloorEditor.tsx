/**
 * The floor editor's panel: the tool in hand, the wall class (and the selected wall's loss), undo
 * and delete, suggestions from the plan, rooms to zones, Save and Cancel. The drawing itself is
 * on the map (FloorDrawLayer); both read the same draft.
 */
import { useId } from 'react';
import { WALL_CLASS_LOSS_DB, WALL_CLASSES, type TrackingMap } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import type { TranslationKey } from '../../i18n/i18n.ts';
import { SelectField } from '../../ui/fields.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import {
  changeWall,
  deleteSelection,
  isChanged,
  removeOutline,
  selectedWall,
  setTool,
  undo,
  type FloorDraft,
  type FloorTool,
} from './floor-draft.ts';
import { useFloorStore } from './floor-store.ts';
import { RoomsToZones } from './RoomsToZones.tsx';
import { SuggestionsSection } from './SuggestionsSection.tsx';
import { ChangeFailureText } from '../maps/ChangeFailureText.tsx';

const TOOLS: FloorTool[] = ['select', 'wall', 'door', 'outline'];

const change = (step: (d: FloorDraft) => FloorDraft) => useFloorStore.getState().changeDraft(step);

/** The hint for the tool in hand and what is drawn so far. */
function hintKey(d: FloorDraft): TranslationKey {
  if (d.tool === 'door') return d.pending.length ? 'floor.hints.doorEnd' : 'floor.hints.door';
  return `floor.hints.${d.tool}`;
}

function LossField({ draft }: { draft: FloorDraft }) {
  const { t } = useI18n();
  const wall = selectedWall(draft);
  if (!wall) return null;
  return (
    <label className="field compact">
      <span>{t('floor.lossDb')}</span>
      <input
        name="wallLossDb"
        type="number"
        min={0}
        max={40}
        step={0.5}
        value={wall.lossDb ?? ''}
        placeholder={t('floor.lossHint', { loss: WALL_CLASS_LOSS_DB[wall.kind] })}
        onChange={(e) => {
          const v = e.target.value === '' ? null : Number(e.target.value);
          if (v === null || (Number.isFinite(v) && v >= 0 && v <= 40))
            change((d) => changeWall(d, { lossDb: v }));
        }}
      />
    </label>
  );
}

export function FloorEditor({ map }: { map: TrackingMap }) {
  const { t } = useI18n();
  const id = useId();
  const draft = useFloorStore((s) => s.draft);
  const saving = useFloorStore((s) => s.saving);
  const failure = useFloorStore((s) => s.saveFailure);
  if (!draft) return null;
  const wall = selectedWall(draft);

  const cancel = () => {
    if (isChanged(draft) && !window.confirm(t('floor.confirmDiscard'))) return;
    useFloorStore.getState().cancelEditing();
  };

  return (
    <div
      className="floor-editor"
      role="group"
      aria-labelledby={`${id}-title`}
      data-testid="floor-editor"
    >
      <h4 id={`${id}-title`} className="section-title">
        {t('floor.editorTitle')}
      </h4>
      <p className="small muted" data-testid="floor-draft-summary">
        {[
          t('floor.walls', { count: draft.model.walls.length }),
          t('floor.doors', { count: draft.model.doors.length }),
          draft.model.outline ? t('floor.outlineSet') : t('floor.outlineNone'),
        ].join(' · ')}
      </p>
      <Segmented
        className="floor-tools"
        label={t('floor.tools.label')}
        value={draft.tool}
        options={TOOLS.map((tool) => ({ value: tool, label: t(`floor.tools.${tool}`) }))}
        onChange={(tool) => change((d) => setTool(d, tool))}
      />
      <p className="small" aria-live="polite" data-testid="floor-hint">
        {t(hintKey(draft))}
        {draft.pending.length > 0 && draft.tool !== 'door' && (
          <> ({t('floor.points', { count: draft.pending.length })})</>
        )}
      </p>
      <SelectField
        compact
        name="wallClass"
        label={t('floor.wallClass')}
        value={wall?.kind ?? draft.wallClass}
        options={WALL_CLASSES.map((kind) => ({
          value: kind,
          label: t(`floor.classes.${kind}`, { loss: WALL_CLASS_LOSS_DB[kind] }),
        }))}
        onChange={(kind) => change((d) => changeWall(d, { kind }))}
      />
      <LossField draft={draft} />
      {draft.selection && (
        <p className="small muted" aria-live="polite">
          {t(`floor.selected.${draft.selection.kind}`)}
        </p>
      )}
      <div className="floor-actions">
        <button
          type="button"
          className="button"
          disabled={draft.history.length === 0 && draft.pending.length === 0}
          onClick={() => change(undo)}
          aria-keyshortcuts="Control+Z"
        >
          {t('floor.undo')}
        </button>
        <button
          type="button"
          className="button"
          disabled={!draft.selection}
          onClick={() => change(deleteSelection)}
          aria-keyshortcuts="Delete"
        >
          {t('floor.deleteSelected')}
        </button>
        {draft.model.outline && (
          <button type="button" className="button" onClick={() => change(removeOutline)}>
            {t('floor.removeOutline')}
          </button>
        )}
      </div>
      <SuggestionsSection map={map} draft={draft} />
      <RoomsToZones map={map} draft={draft} />
      <ChangeFailureText failure={failure} />
      <div className="form-actions">
        <button type="button" className="button" onClick={cancel}>
          {t('floor.cancel')}
        </button>
        <button
          type="button"
          className="button primary"
          disabled={saving}
          onClick={() => void useFloorStore.getState().save()}
        >
          {saving ? t('floor.saving') : t('floor.save')}
        </button>
      </div>
    </div>
  );
}
