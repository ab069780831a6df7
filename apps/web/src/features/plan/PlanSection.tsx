/**
 * The View tab's Plan section: the predicted-accuracy layer's toggle and target for everyone who
 * sees the map; for those who can edit it, "what if this gateway fails" and the proposed spot for
 * one more gateway with its predicted gain.
 */
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { CheckboxField, SelectField } from '../../ui/fields.tsx';
import { useRightsOn } from '../maps/access.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { useGatewaysStore } from '../gateways/gateways-store.ts';
import { PLAN_TARGETS_M, usePlanStore } from './plan-store.ts';

export function PlanSection() {
  const { t } = useI18n();
  const visible = usePlanStore((s) => s.visible);
  const targetM = usePlanStore((s) => s.targetM);
  const mapId = useMapsStore((s) => s.currentMapId);
  const { edit } = useRightsOn(mapId);
  return (
    <fieldset className="view-controls plan-section" data-testid="plan-section">
      <legend className="section-title">{t('view.plan.title')}</legend>
      <CheckboxField
        name="showPlanAccuracy"
        label={t('view.plan.show')}
        checked={visible}
        onChange={(on) => usePlanStore.getState().setVisible(on)}
      />
      {visible && (
        <>
          <p className="muted small">{t('view.plan.explain')}</p>
          <SelectField
            compact
            name="planTarget"
            label={t('view.plan.target')}
            value={targetM}
            options={PLAN_TARGETS_M.map((m) => ({ value: m, label: t('view.plan.metres', { m }) }))}
            onChange={(m) => usePlanStore.getState().setTarget(m)}
          />
          {edit && <WhatIf />}
          {edit && <Proposal />}
        </>
      )}
    </fieldset>
  );
}

/** Leave one gateway out of the layout, as if it failed. */
function WhatIf() {
  const { t } = useI18n();
  const without = usePlanStore((s) => s.without);
  const gateways = useGatewaysStore((s) => s.entities);
  const placed = Object.values(gateways)
    .filter((g) => g.position)
    .sort((a, b) => a.name.localeCompare(b.name));
  const none = '';
  return (
    <SelectField
      compact
      name="planWithout"
      label={t('view.plan.whatIf')}
      value={without ?? none}
      options={[
        { value: none, label: t('view.plan.allWorking') },
        ...placed.map((g) => ({ value: g.mac, label: g.name || g.mac })),
      ]}
      onChange={(mac) => usePlanStore.getState().setWithout(mac === none ? null : mac)}
    />
  );
}

/** Where one more gateway would help most, and by how much. */
function Proposal() {
  const { t } = useI18n();
  const proposal = usePlanStore((s) => s.proposal);
  const targetM = usePlanStore((s) => s.targetM);
  const coverage = usePlanStore((s) => s.coverage);
  const pct = (share: number) => Math.round(share * 100);
  return (
    <div className="plan-proposal-text" data-testid="plan-proposal" aria-live="polite">
      <p className="small">
        {!coverage || !proposal
          ? t('view.plan.proposalComputing')
          : t('view.plan.proposal', {
              x: Math.round(proposal.xM),
              y: Math.round(proposal.yM),
              before: pct(proposal.before.share),
              after: pct(proposal.after.share),
              gain: Math.round(proposal.after.areaM2 - proposal.before.areaM2),
              m: targetM,
              meanBefore: proposal.before.meanM.toFixed(1),
              meanAfter: proposal.after.meanM.toFixed(1),
            })}
      </p>
    </div>
  );
}
