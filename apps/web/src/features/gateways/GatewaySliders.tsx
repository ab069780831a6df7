/**
 * A gateway's RSSI threshold and coverage sliders: changes show at once and mark
 * 'Unsaved Changes'; Save or Cancel; disabled while saving. A failed save says why.
 */
import type { Gateway } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { gatewayThreshold, useGatewaysStore } from './gateways-store.ts';

export const THRESHOLD_MIN = -120;
export const THRESHOLD_MAX = 0;
export const THRESHOLD_PRESETS = [-45, -75, -120] as const;

interface Props {
  gateway: Gateway;
  /** The id prefix of the row's inputs. */
  id: string;
  onSaved: () => void;
  onFailed: (err: unknown) => void;
}

export function GatewaySliders({ gateway: g, id, onSaved, onFailed }: Props) {
  const { t } = useI18n();
  const draft = useGatewaysStore((s) => s.drafts[g.mac]);
  const saving = useGatewaysStore((s) => s.saving[g.mac] ?? false);
  const store = useGatewaysStore.getState;
  const threshold = draft?.logicThreshold ?? gatewayThreshold(g);
  const radius = draft?.viewRadius ?? g.viewRadius;
  const save = () =>
    void store()
      .saveDraft(g.mac)
      .then(onSaved, (err: unknown) => {
        console.error('Failed to save gateway', err);
        onFailed(err);
      });

  return (
    <>
      <div className="slider">
        <label htmlFor={`${id}-threshold`}>
          {t('gateways.threshold')}: <output dir="ltr">{threshold} dBm</output>
        </label>
        <input
          id={`${id}-threshold`}
          type="range"
          min={THRESHOLD_MIN}
          max={THRESHOLD_MAX}
          step={1}
          value={threshold}
          aria-label={`${t('gateways.threshold')}: ${g.name}`}
          aria-valuetext={`${threshold} dBm`}
          disabled={saving}
          onChange={(e) => store().setDraft(g.mac, { logicThreshold: Number(e.target.value) })}
        />
        <div className="presets" role="group" aria-label={`${t('gateways.presets')}: ${g.name}`}>
          {THRESHOLD_PRESETS.map((p) => (
            <button
              key={p}
              type="button"
              className="chip"
              aria-pressed={threshold === p}
              disabled={saving}
              onClick={() => store().setDraft(g.mac, { logicThreshold: p })}
            >
              <span dir="ltr">{p}</span>
            </button>
          ))}
        </div>
      </div>
      <div className="slider">
        <label htmlFor={`${id}-coverage`}>
          {t('gateways.coverage')}: <output dir="ltr">{radius}%</output>
        </label>
        <input
          id={`${id}-coverage`}
          type="range"
          min={0}
          max={100}
          step={1}
          value={radius}
          aria-label={`${t('gateways.coverage')}: ${g.name}`}
          aria-valuetext={`${radius}%`}
          disabled={saving}
          aria-describedby={`${id}-hint`}
          onChange={(e) => store().setDraft(g.mac, { viewRadius: Number(e.target.value) })}
        />
        <p id={`${id}-hint`} className="muted small">
          {t('gateways.coverageHint')}
        </p>
      </div>
      {draft && (
        <div className="unsaved" role="status">
          <span className="unsaved-text">{t('gateways.unsaved')}</span>
          <button
            type="button"
            className="button ghost"
            disabled={saving}
            onClick={() => store().cancelDraft(g.mac)}
          >
            {t('gateways.cancel')}
          </button>
          <button type="button" className="button primary" disabled={saving} onClick={save}>
            {saving ? t('gateways.saving') : t('gateways.save')}
          </button>
        </div>
      )}
    </>
  );
}

/** What a user who may not change the gateway reads instead of the sliders. */
export function GatewaySettingsText({ gateway: g }: { gateway: Gateway }) {
  const { t } = useI18n();
  return (
    <p className="muted small" data-testid="gateway-settings-text">
      {t('gateways.threshold')}: <span dir="ltr">{gatewayThreshold(g)} dBm</span>
      {' · '}
      {t('gateways.coverage')}: <span dir="ltr">{g.viewRadius}%</span>
    </p>
  );
}
