/**
 * The predicted-accuracy layer: the p90 error the layout allows at each spot of the floor, in
 * bands of colour, with the area within the target outlined, the proposed spot for one more
 * gateway, and a legend on the map. Redrawn whenever the layout changes, a drag in progress too;
 * the computing runs in a worker and only the newest layout is drawn.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import type { TrackingMap } from '@rtls/contract';
import type { PlanAccuracy } from '@rtls/positioning';
import { useFloorStore } from '../../features/floor/floor-store.ts';
import { useGatewaysStore } from '../../features/gateways/gateways-store.ts';
import { planInput } from '../../features/plan/plan-input.ts';
import { usePlanStore } from '../../features/plan/plan-store.ts';
import { useLeafletMap } from '../map-context.ts';
import { createPlanRunner, type PlanAnswer, type PlanRunner } from './plan-compute.ts';
import { paintPlan } from './plan-paint.ts';
import { PlanLegend } from './PlanLegend.tsx';

export function PlanAccuracyLayer({ map: tracking }: { map: TrackingMap }) {
  const visible = usePlanStore((s) => s.visible);
  // A gateway left out of another map's layout is none of this one's.
  useEffect(() => usePlanStore.getState().setWithout(null), [tracking._id]);
  return visible ? <ShownPlan map={tracking} /> : null;
}

/** What was drawn last: the grid, in metres, and the scale to the map's pixels. */
interface Drawn {
  plan: PlanAccuracy;
  pixelsPerMetre: number;
}

function ShownPlan({ map: tracking }: { map: TrackingMap }) {
  const map = useLeafletMap();
  const gateways = useGatewaysStore((s) => s.entities);
  const drafts = useGatewaysStore((s) => s.drafts);
  const moved = useGatewaysStore((s) => s.moved);
  const dragging = useGatewaysStore((s) => s.dragging);
  const savedFloor = useFloorStore((s) => s.model);
  const draftFloor = useFloorStore((s) => s.draft?.model ?? null);
  const targetM = usePlanStore((s) => s.targetM);
  const without = usePlanStore((s) => s.without);
  const proposal = usePlanStore((s) => s.proposal);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const runner = useRef<PlanRunner | null>(null);
  const asked = useRef({ id: 0, pixelsPerMetre: 1 });

  const { input, pixelsPerMetre } = useMemo(
    () =>
      planInput({
        map: tracking,
        gateways,
        drafts,
        moved,
        dragging,
        floorModel: draftFloor ?? savedFloor,
        without,
      }),
    [tracking, gateways, drafts, moved, dragging, draftFloor, savedFloor, without],
  );

  useEffect(() => {
    const onAnswer = (a: PlanAnswer) => {
      if (a.id !== asked.current.id) return; // a newer layout is on its way
      const ppm = asked.current.pixelsPerMetre;
      if (a.type === 'layer') {
        setDrawn({ plan: a.plan, pixelsPerMetre: ppm });
        usePlanStore.getState().setCoverage(a.coverage);
      } else {
        const p = a.proposal;
        usePlanStore
          .getState()
          .setProposal(p ? { ...p, x: p.x * ppm, y: p.y * ppm, xM: p.x, yM: p.y } : null);
      }
    };
    runner.current = createPlanRunner(onAnswer);
    return () => {
      runner.current?.dispose();
      runner.current = null;
      usePlanStore.getState().setCoverage(null);
      usePlanStore.getState().setProposal(null);
    };
  }, []);

  useEffect(() => {
    const id = asked.current.id + 1;
    asked.current = { id, pixelsPerMetre };
    // The proposal of the layout before is no longer the best; the new one follows the layer.
    usePlanStore.getState().setProposal(null);
    runner.current?.run({ id, input, targetM });
  }, [input, pixelsPerMetre, targetM]);

  useEffect(() => {
    if (!map || !drawn) return;
    const canvas = paintPlan(drawn.plan, targetM);
    if (!canvas) return;
    const { plan, pixelsPerMetre: ppm } = drawn;
    const bounds = L.latLngBounds([0, 0], [plan.ny * plan.step * ppm, plan.nx * plan.step * ppm]);
    const overlay = L.imageOverlay(canvas.toDataURL(), bounds, {
      interactive: false,
      className: 'plan-accuracy-overlay',
    }).addTo(map);
    return () => void overlay.remove();
  }, [map, drawn, targetM]);

  useEffect(() => {
    if (!map || !proposal) return;
    const spot = L.circleMarker([proposal.y, proposal.x], {
      radius: 12,
      className: 'plan-proposal',
      dashArray: '4 3',
      weight: 3,
      fillOpacity: 0.25,
      interactive: false,
    }).addTo(map);
    return () => void spot.remove();
  }, [map, proposal]);

  return <PlanLegend />;
}
