/**
 * The floor switcher on the map: when the map on screen is a floor of a building, the building's
 * floors, highest first, by their maps' names (without the part all of them share), each with
 * how many live tags are on it, the one on screen pressed; choosing one shows its map. The up
 * and down arrows move between floors (Enter or Space shows one), and screen readers hear which
 * floor is shown, also when Follow changed it.
 */
import type { KeyboardEvent } from 'react';
import type { Building, BuildingFloor } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { useMapsStore } from '../maps/maps-store.ts';
import { distinctNames, floorName } from './building-floors.ts';
import { useCurrentBuilding } from './buildings-store.ts';
import { useFloorCounts } from './use-floor-counts.ts';

const STEPS: Record<string, (at: number, last: number) => number> = {
  ArrowUp: (at) => Math.max(0, at - 1),
  ArrowDown: (at, last) => Math.min(last, at + 1),
  Home: () => 0,
  End: (_, last) => last,
};

/** Arrow keys, Home and End move the focus between the group's buttons. */
function moveFocus(e: KeyboardEvent<HTMLElement>) {
  const step = STEPS[e.key];
  const buttons = [...e.currentTarget.querySelectorAll('button')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (!step || at < 0) return;
  e.preventDefault();
  buttons[step(at, buttons.length - 1)]?.focus();
}

export function FloorSwitcher() {
  const building = useCurrentBuilding();
  const current = useMapsStore((s) => s.currentMapId);
  const here = building?.floors.find((f) => f.mapId === current);
  if (!building || !here || building.floors.length < 2) return null;
  return <Floors building={building} here={here} />;
}

/** The switcher of a building whose floor is on screen (counting only while there is one). */
function Floors({ building, here }: { building: Building; here: BuildingFloor }) {
  const { t } = useI18n();
  const maps = useMapsStore((s) => s.entities);
  const counts = useFloorCounts(building.floors);
  const floors = [...building.floors].reverse();
  const names = floors.map((floor) => floorName(floor, maps, t));
  const shown = distinctNames(names);
  const options = floors.map((floor, i) => {
    const count = counts[floor.mapId] ?? 0;
    return {
      value: floor.mapId,
      name: t('buildings.floorTags', { floor: names[i]!, count }),
      label: (
        <>
          <span className="floor-name" dir="auto" title={names[i]}>
            {shown[i]}
          </span>
          <span className="chip-count" data-testid="floor-count">
            {count}
          </span>
        </>
      ),
    };
  });
  return (
    <div className="floor-switcher" onKeyDown={moveFocus} data-testid="floor-switcher">
      <Segmented
        label={t('buildings.floors', { building: building.name })}
        value={here.mapId}
        options={options}
        onChange={(mapId) => useMapsStore.getState().select(mapId)}
      />
      <span className="visually-hidden" aria-live="polite">
        {t('buildings.showing', { floor: floorName(here, maps, t) })}
      </span>
    </div>
  );
}
