/** Add Gateway to Monitoring: available gateways by days since last seen, or manual. */
import { useEffect, useState } from 'react';
import { GATEWAY_ADD_DEFAULTS } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { daysAgo } from '../../i18n/i18n.ts';
import { CheckboxField, ColorField, TextField } from '../../ui/fields.tsx';
import {
  AddToMonitoringDialog,
  AvailableList,
  sourceReady,
  useMonitoringEntry,
} from '../../ui/monitoring-dialog.tsx';
import {
  RADIUS_INPUT,
  RSSI_INPUT,
  addGatewayBody,
  emptyAddGatewayForm,
  outOfRange,
  sortAvailableGateways,
  type AddGatewayForm,
} from './add-gateway-form.ts';
import { useGatewaysStore } from './gateways-store.ts';
import { GATEWAY_DAYS_FILTER, GATEWAY_DAYS_FILTER_DEFAULT } from '../../constants.ts';
import { ChangeFailureText } from '../maps/ChangeFailureText.tsx';

type Days = (typeof GATEWAY_DAYS_FILTER)[number];

export function AddGatewayDialog({ mapId, onClose }: { mapId: string; onClose: () => void }) {
  const { t, language } = useI18n();
  const available = useGatewaysStore((s) => s.available);
  const loading = useGatewaysStore((s) => s.availableLoading);
  const error = useGatewaysStore((s) => s.availableError);
  const [days, setDays] = useState<Days>(GATEWAY_DAYS_FILTER_DEFAULT);
  const entry = useMonitoringEntry('gateway', onClose);
  const { source, picked, mac, name } = entry;
  const [form, setForm] = useState<AddGatewayForm>(emptyAddGatewayForm);

  useEffect(() => {
    void useGatewaysStore.getState().loadAvailable(days === 'all' ? undefined : days);
  }, [days]);

  const manualMac = mac.trim().toUpperCase();
  const invalid = outOfRange(form);
  const ready = sourceReady(source, picked, manualMac, name) && Object.keys(invalid).length === 0;
  const set = (patch: Partial<AddGatewayForm>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async () => {
    if (!ready) return;
    const target = source === 'available' ? picked! : manualMac;
    const body = addGatewayBody(form, mapId, source === 'manual' ? name.trim() : undefined);
    await entry.add(() => useGatewaysStore.getState().addToMonitoring(target, body));
  };

  // An empty number input takes GATEWAY_ADD_DEFAULTS' value, shown as its placeholder.
  const d = GATEWAY_ADD_DEFAULTS;
  const numberField = (
    key: 'logicThreshold' | 'maxRSSI' | 'x' | 'y' | 'radius',
    label: string,
    fallback: number,
    bounds?: { min: number; max: number },
  ) => {
    const bad = key === 'x' || key === 'y' ? undefined : invalid[key];
    return (
      <label className="field">
        <span>{label}</span>
        <input
          name={key}
          type="number"
          dir="ltr"
          min={bounds?.min}
          max={bounds?.max}
          placeholder={String(fallback)}
          value={form[key]}
          aria-invalid={bad ? true : undefined}
          aria-describedby={bad ? `add-gateway-${key}-range` : undefined}
          onChange={(e) => set({ [key]: e.target.value })}
        />
        {bad && (
          <span id={`add-gateway-${key}-range`} className="error-text small" role="alert">
            {t('gateways.range', { min: bad.min, max: bad.max })}
          </span>
        )}
      </label>
    );
  };

  return (
    <AddToMonitoringDialog
      kind="gateways"
      testId="add-gateway-dialog"
      entry={entry}
      ready={ready}
      onClose={onClose}
      onSubmit={() => void submit()}
      available={
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
          <AvailableList
            label={t('gateways.fromAvailable')}
            name="available-gateway"
            options={sortAvailableGateways(available).map((g) => ({
              mac: g.mac,
              title: g.name,
              detail: g.ip ? ` · ${g.ip}` : '',
              aside: g.isMonitored
                ? t('gateways.monitored')
                : daysAgo(language, g.daysSinceLastSeen),
            }))}
            picked={picked}
            onPick={entry.setPicked}
            loading={loading}
            error={error}
            emptyText={t('gateways.availableEmpty')}
          />
        </>
      }
    >
      <fieldset className="dlg-fields">
        <TextField
          label={t('gateways.displayName')}
          name="displayName"
          value={form.displayName}
          onChange={(displayName) => set({ displayName })}
        />
        <div className="dlg-row">
          <ColorField
            label={t('gateways.color')}
            value={form.color}
            onChange={(color) => set({ color })}
          />
          <CheckboxField
            label={t('gateways.showCoverage')}
            checked={form.showCoverage}
            onChange={(showCoverage) => set({ showCoverage })}
          />
        </div>
        <div className="dlg-row">
          {numberField(
            'logicThreshold',
            t('gateways.logicThreshold'),
            d.logicThreshold,
            RSSI_INPUT,
          )}
          {numberField('maxRSSI', t('gateways.maxRSSI'), d.maxRSSI, RSSI_INPUT)}
        </div>
        <div className="dlg-row">
          {numberField('x', t('gateways.positionX'), d.position.x)}
          {numberField('y', t('gateways.positionY'), d.position.y)}
          {numberField('radius', t('gateways.radius'), d.radius, RADIUS_INPUT)}
        </div>
      </fieldset>
      <ChangeFailureText failure={entry.failure} />
    </AddToMonitoringDialog>
  );
}
