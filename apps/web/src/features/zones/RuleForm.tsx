/**
 * Create or edit one rule: name, event, zone, duration (for timed events), dwell (enter and exit),
 * cool-down, severity, enabled.
 */
import { useId, useState, type FormEvent } from 'react';
import { EVENT_TYPES, RULE_LIMITS, SEVERITIES, type Rule } from '@rtls/contract';
import { errorText } from '../../api/http.ts';
import { useAlertsStore } from '../alerts/alerts-store.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { CheckboxField, NameField, SelectField } from '../../ui/fields.tsx';
import { useDevicesStore } from '../devices/devices-store.ts';
import {
  DWELL_EVENTS,
  deviceChoices,
  deviceEvent,
  emptyRule,
  ruleBody,
  ruleValues,
  type RuleFormValues,
} from './rule-form.ts';
import { TIMED_EVENTS, ZONE_EVENTS, useRulesStore } from './rules-store.ts';

import { sortedZones, useZonesStore } from './zones-store.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { FormActions } from '../../ui/FormActions.tsx';

export function RuleForm({ rule, onDone }: { rule: Rule | null; onDone: () => void }) {
  const { t } = useI18n();
  const zones = sortedZones(useZonesStore((s) => s.entities));
  const live = useDevicesStore((s) => s.entities);
  const configured = useDevicesStore((s) => s.configured);
  const [values, setValues] = useState<RuleFormValues>(() =>
    rule ? ruleValues(rule) : emptyRule(),
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<RuleFormValues>) => setValues((v) => ({ ...v, ...change }));
  /** The dwell or the cool-down: seconds from 0 up to `max`, with the hint of each. */
  const timingField = (key: 'dwell' | 'cooldown', max: number) => (
    <SecondsField
      name={key}
      label={t(`rules.${key}`)}
      hint={t(`rules.${key}Hint`)}
      min={0}
      max={max}
      value={values[key]}
      onChange={(value) => set({ [key]: value })}
    />
  );

  /** A choice of one of the rule's fields among `options`; the select is named like the field. */
  const choiceField = <K extends 'eventType' | 'zoneId' | 'mac' | 'severity'>(
    key: K,
    label: string,
    options: readonly { value: RuleFormValues[K]; label: string }[],
  ) => (
    <SelectField
      compact
      name={key}
      label={label}
      value={values[key]}
      options={options}
      onChange={(value) => set({ [key]: value })}
    />
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = ruleBody(values);
    if ('error' in result) return setError(t(result.error));
    // A critical rule is the moment to ask for browser notifications (the submit is a gesture).
    useAlertsStore.getState().askForCritical(result.body.severity);
    setSaving(true);
    setError(null);
    try {
      await useRulesStore.getState().save(rule?.id ?? null, result.body);
      onDone();
    } catch (err) {
      setError(errorText(err));
      setSaving(false);
    }
  };

  return (
    <form className="rule-form" onSubmit={(e) => void submit(e)} data-testid="rule-form">
      <NameField
        name="ruleName"
        label={t('rules.name')}
        value={values.name}
        maxLength={RULE_LIMITS.nameMaxChars}
        onChange={(name) => set({ name })}
      />
      {choiceField(
        'eventType',
        t('rules.eventType'),
        EVENT_TYPES.map((value) => ({ value, label: t(`rules.events.${value}`) })),
      )}
      {ZONE_EVENTS.includes(values.eventType) &&
        choiceField('zoneId', t('rules.zone'), [
          { value: '', label: t('rules.anyZone') },
          ...zones.map((z) => ({ value: z.id, label: z.name })),
        ])}
      {deviceEvent(values.eventType) &&
        choiceField('mac', t('rules.device'), [
          { value: '', label: t('rules.anyDevice') },
          ...deviceChoices({ ...configured, ...live }, values.mac),
        ])}
      {TIMED_EVENTS.includes(values.eventType) && (
        <SecondsField
          name="threshold"
          label={t('rules.threshold')}
          min={1}
          value={values.threshold}
          onChange={(threshold) => set({ threshold })}
        />
      )}
      {DWELL_EVENTS.includes(values.eventType) && timingField('dwell', RULE_LIMITS.maxDwellS)}
      {timingField('cooldown', RULE_LIMITS.maxCooldownS)}
      {choiceField(
        'severity',
        t('rules.severity'),
        SEVERITIES.map((value) => ({ value, label: t(`rules.severities.${value}`) })),
      )}
      <CheckboxField
        name="enabled"
        label={t('rules.enabled')}
        checked={values.enabled}
        onChange={(enabled) => set({ enabled })}
      />
      <ErrorText error={error} />
      <FormActions
        cancel={t('rules.cancel')}
        onCancel={onDone}
        submit={t('rules.save')}
        busy={saving}
      />
    </form>
  );
}

/** A whole number of seconds from `min`, with a line saying what it does (read with the field). */
function SecondsField(p: {
  name: string;
  label: string;
  hint?: string;
  min: number;
  max?: number;
  value: string;
  onChange: (value: string) => void;
}) {
  const hintId = useId();
  return (
    <>
      <label className="field compact">
        <span>{p.label}</span>
        <input
          name={p.name}
          type="number"
          min={p.min}
          max={p.max}
          step="1"
          inputMode="numeric"
          aria-describedby={p.hint ? hintId : undefined}
          value={p.value}
          onChange={(e) => p.onChange(e.target.value)}
        />
      </label>
      {p.hint && (
        <p id={hintId} className="small muted field-hint">
          {p.hint}
        </p>
      )}
    </>
  );
}
