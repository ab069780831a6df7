/**
 * One gateway: inline rename, quality, delete, and the RSSI threshold and coverage sliders (spec §4:
 * changes show at once and mark 'Unsaved Changes'; Save or Cancel; disabled while saving).
 */
import { GATEWAY_ADD_DEFAULTS, gatewayQuality, listStatus, type Gateway } from '@rtls/contract';
import { formatLastSeen } from '../../app/format.ts';
import { useI18n } from '../../app/I18nProvider.tsx';
import { InlineRename } from '../devices/InlineRename.tsx';
import { gatewayThreshold, useGatewaysStore } from './gateways-store.ts';
import { useGatewayLastSeen, useTick } from './gateway-health.ts';
import { TrashIcon } from '../maps/icons.tsx';

export const THRESHOLD_MIN = -120;
export const THRESHOLD_MAX = 0;
export const THRESHOLD_PRESETS = [-45, -75, -120] as const;

export function GatewayRow({ gateway: g }: { gateway: Gateway }) {
  const { t, language } = useI18n();
  const draft = useGatewaysStore((s) => s.drafts[g.mac]);
  const saving = useGatewaysStore((s) => s.saving[g.mac] ?? false);
  const store = useGatewaysStore.getState;
  const threshold = draft?.logicThreshold ?? gatewayThreshold(g);
  const radius = draft?.viewRadius ?? g.viewRadius;
  const quality = g.maxRSSI != null ? gatewayQuality(g.maxRSSI) : null;
  const id = `gw-${g.mac.replace(/[^A-Za-z0-9]/g, '')}`;
  const now = useTick();
  const lastSeen = useGatewayLastSeen(g.mac, g.lastSeen);
  const status = listStatus(lastSeen, now);

  const del = () => {
    if (!window.confirm(t('gateways.confirmDelete'))) return;
    store()
      .deleteGateway(g.mac)
      .catch((err: unknown) => console.error('Failed to delete gateway', err));
  };
  const save = () =>
    void store()
      .saveDraft(g.mac)
      .catch((err: unknown) => console.error('Failed to save gateway', err));

  return (
    <li className="gateway-row" data-mac={g.mac} data-testid="gateway-row">
      <div className="gateway-row-head">
        <span
          className="swatch"
          style={{ background: g.customSettings.color ?? GATEWAY_ADD_DEFAULTS.color }}
          aria-hidden="true"
        />
        <span className="grow">
          <InlineRename
            value={g.name}
            label={t('gateways.rename', { name: g.name })}
            onSave={(name) => store().rename(g.mac, name || g.mac)}
          />
          <span className="muted small" dir="ltr">
            {g.mac}
          </span>
        </span>
        <span className="end">
          {quality && (
            <span className={`quality ${quality}`}>{t(`gateways.quality.${quality}`)}</span>
          )}
          <span className={`status ${status}`} data-testid="gateway-status">
            {t(`gateways.status.${status}`)}
          </span>
          <span className="muted small">{formatLastSeen(lastSeen, t, language, now)}</span>
        </span>
        <button
          type="button"
          className="icon-button small danger"
          aria-label={`${t('gateways.delete')}: ${g.name}`}
          title={t('gateways.delete')}
          onClick={del}
        >
          <TrashIcon />
        </button>
      </div>
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
    </li>
  );
}
