/** The building editor's parts: a spot's two fields, a floor's row, and a stair's or lift's row. */
import type { TrackingMap } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import type { FloorDraft, LinkDraft, SpotDraft } from './building-draft.ts';

/** A spot's x and y in map pixels, each labelled with the spot's name. */
export function SpotFields(props: {
  label: string;
  spot: SpotDraft;
  onChange: (spot: SpotDraft) => void;
}) {
  const { t } = useI18n();
  const { spot, onChange } = props;
  return (
    <div className="spot-fields" role="group" aria-label={props.label}>
      <span className="small">{props.label}</span>
      {(['x', 'y'] as const).map((axis) => (
        <input
          key={axis}
          type="number"
          inputMode="decimal"
          dir="ltr"
          aria-label={t(`buildings.editor.${axis}`, { spot: props.label })}
          placeholder={axis}
          value={spot[axis]}
          onChange={(e) => onChange({ ...spot, [axis]: e.target.value })}
        />
      ))}
    </div>
  );
}

const mapName = (maps: Record<string, TrackingMap>, mapId: string) => maps[mapId]?.name ?? mapId;

/** One floor: its map, level and storey height, and (above the lowest) its alignment. */
export function FloorRow(props: {
  floor: FloorDraft;
  maps: Record<string, TrackingMap>;
  lowest: boolean;
  onChange: (floor: FloorDraft) => void;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  const { floor, onChange } = props;
  const name = mapName(props.maps, floor.mapId);
  const spot = (which: 'here' | 'base', i: 0 | 1) => (
    <SpotFields
      label={t(which === 'here' ? 'buildings.editor.spotHere' : 'buildings.editor.spotBase', {
        n: i + 1,
      })}
      spot={floor[which][i]}
      onChange={(s) => {
        const pair: [SpotDraft, SpotDraft] = [...floor[which]];
        pair[i] = s;
        onChange({ ...floor, [which]: pair });
      }}
    />
  );
  return (
    <li className="building-floor" data-testid="building-floor">
      <strong dir="auto">{name}</strong>
      <label className="field compact">
        <span>{t('buildings.editor.level', { floor: name })}</span>
        <input
          type="number"
          step={1}
          value={floor.level}
          onChange={(e) => onChange({ ...floor, level: e.target.value })}
        />
      </label>
      <label className="field compact">
        <span>{t('buildings.editor.height', { floor: name })}</span>
        <input
          type="number"
          step={0.1}
          value={floor.heightM}
          onChange={(e) => onChange({ ...floor, heightM: e.target.value })}
        />
      </label>
      {!props.lowest && (
        <fieldset className="building-alignment">
          <legend className="small">{t('buildings.editor.alignment', { floor: name })}</legend>
          <p className="small muted">{t('buildings.editor.alignmentHint')}</p>
          {spot('here', 0)}
          {spot('here', 1)}
          {spot('base', 0)}
          {spot('base', 1)}
        </fieldset>
      )}
      <button type="button" className="button" onClick={props.onRemove}>
        {t('buildings.editor.removeFloor', { floor: name })}
      </button>
    </li>
  );
}

/** Stairs or a lift: its name, and where it stops on each floor of the draft. */
export function LinkRow(props: {
  link: LinkDraft;
  floors: readonly FloorDraft[];
  maps: Record<string, TrackingMap>;
  onChange: (link: LinkDraft) => void;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  const { link, onChange } = props;
  const kind = t(`buildings.editor.kinds.${link.kind}`);
  return (
    <li className="building-link" data-testid="building-link">
      <label className="field compact">
        <span>{t('buildings.editor.linkName', { kind })}</span>
        <input
          dir="auto"
          value={link.name}
          onChange={(e) => onChange({ ...link, name: e.target.value })}
        />
      </label>
      {props.floors.map((f) => (
        <SpotFields
          key={f.mapId}
          label={t('buildings.editor.stopOn', { floor: mapName(props.maps, f.mapId) })}
          spot={link.stops[f.mapId] ?? { x: '', y: '' }}
          onChange={(s) => onChange({ ...link, stops: { ...link.stops, [f.mapId]: s } })}
        />
      ))}
      <button type="button" className="button" onClick={props.onRemove}>
        {t('buildings.editor.removeLink', { name: link.name.trim() || kind })}
      </button>
    </li>
  );
}
