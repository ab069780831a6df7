/**
 * The building editor's form: the building's name, its floors (maps of the user's, each with its
 * level, storey height and alignment with the lowest floor) and its stairs and lifts (where each
 * stops on each floor). What keeps the draft from being sent is said before any call; what the
 * server refuses is said with its reason.
 */
import { useState, type FormEvent } from 'react';
import { BUILDING_LIMITS, type Building, type LinkKind } from '@rtls/contract';
import { createBuilding, updateBuilding } from '../../api/buildings.ts';
import { errorText } from '../../api/http.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { FormActions } from '../../ui/FormActions.tsx';
import { NameField } from '../../ui/fields.tsx';
import { useMapsStore } from '../maps/maps-store.ts';
import {
  bodyOf,
  draftOf,
  newFloor,
  newLink,
  type BuildingDraft,
  type DraftProblem,
} from './building-draft.ts';
import { FloorRow, LinkRow } from './BuildingParts.tsx';
import { useBuildingsStore } from './buildings-store.ts';

/** `building` to change, or null for a new one; `onDone` when saved or cancelled. */
export function BuildingForm(props: { building: Building | null; onDone: () => void }) {
  const { t } = useI18n();
  const [draft, setDraft] = useState<BuildingDraft>(() => draftOf(props.building));
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const addable = useAddableMaps(props.building, draft);
  const edit: Edit = (change) => {
    setDraft(change);
    setProblem(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const result = bodyOf(draft);
    if ('problem' in result) return setProblem(result.problem);
    setBusy(true);
    setError(null);
    try {
      if (props.building) await updateBuilding(props.building._id, result.ok);
      else await createBuilding(result.ok);
      await useBuildingsStore.getState().load();
      props.onDone();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="building-form" data-testid="building-form" onSubmit={(e) => void submit(e)}>
      <NameField
        label={t('buildings.editor.name')}
        name="buildingName"
        value={draft.name}
        maxLength={BUILDING_LIMITS.maxNameLength}
        onChange={(name) => edit((d) => ({ ...d, name }))}
      />
      <FloorList draft={draft} edit={edit} addable={addable} />
      <LinkList draft={draft} edit={edit} />
      {problem && (
        <p className="error-text small" role="alert">
          {t(`buildings.editor.problems.${problem}`)}
        </p>
      )}
      <ErrorText error={error} />
      <FormActions
        cancel={t('buildings.editor.cancel')}
        onCancel={props.onDone}
        submit={t('buildings.editor.save')}
        busy={busy}
      />
    </form>
  );
}

/** Changes the draft (and clears the problem said of it). */
type Edit = (change: (d: BuildingDraft) => BuildingDraft) => void;

/** The draft's floors, and a map of the user's to add as one more. */
function FloorList({
  draft,
  edit,
  addable,
}: {
  draft: BuildingDraft;
  edit: Edit;
  addable: string[];
}) {
  const { t } = useI18n();
  const maps = useMapsStore((s) => s.entities);
  const [adding, setAdding] = useState('');
  const lowest = Math.min(...draft.floors.map((f) => Number(f.level)));
  const chosen = addable.includes(adding) ? adding : (addable[0] ?? '');
  return (
    <>
      <h4 className="section-title">{t('buildings.editor.floorsTitle')}</h4>
      <ul className="rule-list">
        {draft.floors.map((f, i) => (
          <FloorRow
            key={f.mapId}
            floor={f}
            maps={maps}
            lowest={Number(f.level) === lowest}
            onChange={(floor) =>
              edit((d) => ({ ...d, floors: d.floors.map((g, j) => (j === i ? floor : g)) }))
            }
            onRemove={() => edit((d) => ({ ...d, floors: d.floors.filter((_, j) => j !== i) }))}
          />
        ))}
      </ul>
      {addable.length > 0 && (
        <div className="form-row">
          <label className="field compact">
            <span>{t('buildings.editor.chooseMap')}</span>
            <select value={chosen} onChange={(e) => setAdding(e.target.value)}>
              {addable.map((id) => (
                <option key={id} value={id}>
                  {maps[id]?.name ?? id}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button"
            onClick={() => edit((d) => ({ ...d, floors: [...d.floors, newFloor(d, chosen)] }))}
          >
            {t('buildings.editor.addFloor')}
          </button>
        </div>
      )}
    </>
  );
}

/** The draft's stairs and lifts, and buttons to add one of each. */
function LinkList({ draft, edit }: { draft: BuildingDraft; edit: Edit }) {
  const { t } = useI18n();
  const maps = useMapsStore((s) => s.entities);
  const addLink = (kind: LinkKind) => edit((d) => ({ ...d, links: [...d.links, newLink(kind)] }));
  return (
    <>
      <h4 className="section-title">{t('buildings.editor.linksTitle')}</h4>
      <ul className="rule-list">
        {draft.links.map((l, i) => (
          <LinkRow
            key={i}
            link={l}
            floors={draft.floors}
            maps={maps}
            onChange={(link) =>
              edit((d) => ({ ...d, links: d.links.map((m, j) => (j === i ? link : m)) }))
            }
            onRemove={() => edit((d) => ({ ...d, links: d.links.filter((_, j) => j !== i) }))}
          />
        ))}
      </ul>
      <div className="form-row">
        <button type="button" className="button" onClick={() => addLink('stairs')}>
          {t('buildings.editor.addStairs')}
        </button>
        <button type="button" className="button" onClick={() => addLink('lift')}>
          {t('buildings.editor.addLift')}
        </button>
      </div>
    </>
  );
}

/** The user's maps that may still become floors: not in the draft, nor in another building. */
function useAddableMaps(building: Building | null, draft: BuildingDraft): string[] {
  const own = useMapsStore((s) => s.userMaps);
  const buildings = useBuildingsStore((s) => s.buildings);
  const taken = new Set(draft.floors.map((f) => f.mapId));
  for (const b of buildings)
    if (b._id !== building?._id) for (const f of b.floors) taken.add(f.mapId);
  return own.filter((id) => !taken.has(id));
}
