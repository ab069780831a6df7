/** Add Gateway to Monitoring (spec §2, §5): available gateways by days since last seen, or manual. */
import { useEffect, useState } from 'react';
import { GATEWAY_DAYS_FILTER, GATEWAY_DAYS_FILTER_DEFAULT } from '@rtls/contract';
import { useI18n } from '../../app/I18nProvider.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import {
  RADIUS_INPUT,
  RSSI_INPUT,
  addGatewayBody,
  emptyAddGatewayForm,
  type AddGatewayForm,
} from './add-gateway-form.ts';
import { useGatewaysStore } from './gateways-store.ts';

type Source = 'available' | 'manual';
type Days = (typeof GATEWAY_DAYS_FILTER)[number];

export function AddGatewayDialog({ mapId, onClose }: { mapId: string; onClose: () => void }) {
  const { t } = useI18n();
  const available = useGatewaysStore((s) => s.available);
  const loading = useGatewaysStore((s) => s.availableLoading);
  const error = useGatewaysStore((s) => s.availableError);
  const [days, setDays] = useState<Days>(GATEWAY_DAYS_FILTER_DEFAULT);
  const [source, setSource] = useState<Source>('available');
  const [picked, setPicked] = useState<string | null>(null);
  const [mac, setMac] = useState('');
  const [name, setName] = useState('');
  const [form, setForm] = useState<AddGatewayForm>(emptyAddGatewayForm);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void useGatewaysStore.getState().loadAvailable(days === 'all' ? undefined : days);
  }, [days]);

  const manualMac = mac.trim().toUpperCase();
  const ready = source === 'available' ? picked !== null : manualMac !== '' && name.trim() !== '';
  const set = (patch: Partial<AddGatewayForm>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async () => {
    if (!ready) return;
    setBusy(true);
    try {
      const target = source === 'available' ? picked! : manualMac;
      const body = addGatewayBody(form, mapId, source === 'manual' ? name.trim() : undefined);
      await useGatewaysStore.getState().addToMonitoring(target, body);
      onClose();
    } catch (err) {
      console.error('Failed to add gateway to monitoring', err);
      setBusy(false);
    }
  };

  const numberField = (
    key: 'logicThreshold' | 'maxRSSI' | 'x' | 'y' | 'radius',
    label: string,
    bounds?: { min: number; max: number },
  ) => (
    <label className="field">
      <span>{label}</span>
      <input
        name={key}
        type="number"
        dir="ltr"
        min={bounds?.min}
        max={bounds?.max}
        value={form[key]}
        onChange={(e) => set({ [key]: e.target.value })}
      />
    </label>
  );

  return (
    <Dialog
      title={t('gateways.addTitle')}
      onClose={onClose}
      busy={busy}
      testId="add-gateway-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="segmented" role="group">
          {(['available', 'manual'] as const).map((s) => (
            <button key={s} type="button" aria-pressed={source === s} onClick={() => setSource(s)}>
              {t(s === 'available' ? 'gateways.fromAvailable' : 'gateways.manual')}
            </button>
          ))}
        </div>
        {source === 'available' ? (
          <>
            <label className="field">
              <span>{t('gateways.days')}</span>
              <select
                name="days"
                value={String(days)}
                onChange={(e) =>
                  setDays(e.target.value === 'all' ? 'all' : (Number(e.target.value) as Days))
                }
              >
                {GATEWAY_DAYS_FILTER.map((d) => (
                  <option key={d} value={String(d)}>
                    {d === 'all' ? t('gateways.allDays') : t('gateways.daysOption', { value: d })}
                  </option>
                ))}
              </select>
            </label>
            <div className="dlg-list" role="radiogroup" aria-label={t('gateways.fromAvailable')}>
              {error && <p className="error-text">{error}</p>}
              {loading && available.length === 0 && (
                <div className="spinner" role="status" aria-label={t('app.loading')} />
              )}
              {!loading && !error && available.length === 0 && (
                <p className="muted">{t('gateways.availableEmpty')}</p>
              )}
              {available.map((g) => (
                <label key={g.mac} className="dlg-option">
                  <input
                    type="radio"
                    name="available-gateway"
                    value={g.mac}
                    checked={picked === g.mac}
                    onChange={() => setPicked(g.mac)}
                  />
                  <span className="grow">
                    <span className="title">{g.name}</span>
                    <span className="muted small" dir="ltr">
                      {g.mac}
                      {g.ip ? ` · ${g.ip}` : ''}
                    </span>
                  </span>
                  <span className="muted small">
                    {g.isMonitored
                      ? t('gateways.monitored')
                      : t('gateways.daysAgo', { value: g.daysSinceLastSeen })}
                  </span>
                </label>
              ))}
            </div>
          </>
        ) : (
          <div className="dlg-fields">
            <label className="field">
              <span>{t('gateways.mac')}</span>
              <input
                name="mac"
                dir="ltr"
                placeholder={t('gateways.macPlaceholder')}
                value={mac}
                onChange={(e) => setMac(e.target.value.toUpperCase())}
              />
            </label>
            <label className="field">
              <span>{t('gateways.name')}</span>
              <input name="name" value={name} onChange={(e) => setName(e.target.value)} />
            </label>
          </div>
        )}
        <fieldset className="dlg-fields">
          <label className="field">
            <span>{t('gateways.displayName')}</span>
            <input
              name="displayName"
              value={form.displayName}
              onChange={(e) => set({ displayName: e.target.value })}
            />
          </label>
          <div className="dlg-row">
            <label className="field">
              <span>{t('gateways.color')}</span>
              <input
                name="color"
                type="color"
                value={form.color}
                onChange={(e) => set({ color: e.target.value })}
              />
            </label>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={form.showCoverage}
                onChange={(e) => set({ showCoverage: e.target.checked })}
              />
              <span>{t('gateways.showCoverage')}</span>
            </label>
          </div>
          <div className="dlg-row">
            {numberField('logicThreshold', t('gateways.logicThreshold'), RSSI_INPUT)}
            {numberField('maxRSSI', t('gateways.maxRSSI'), RSSI_INPUT)}
          </div>
          <div className="dlg-row">
            {numberField('x', t('gateways.positionX'))}
            {numberField('y', t('gateways.positionY'))}
            {numberField('radius', t('gateways.radius'), RADIUS_INPUT)}
          </div>
        </fieldset>
        <div className="dlg-actions">
          <button type="button" className="button ghost" onClick={onClose} disabled={busy}>
            {t('gateways.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={!ready || busy}>
            {busy ? t('gateways.adding') : t('gateways.addButton')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
