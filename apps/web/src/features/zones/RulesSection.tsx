/**
 * Rules of the map on screen: owners and editors add, edit and delete them; viewers read them.
 */
import { errorText } from '../../api/http.ts';
import { useState } from 'react';
import type { Rule } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import type { Translate } from '../../i18n/i18n.ts';
import { entityName, useDevicesStore } from '../devices/devices-store.ts';
import { EditDeleteActions } from './EditDeleteActions.tsx';
import { RuleForm } from './RuleForm.tsx';
import { sortedRules, TIMED_EVENTS, useRulesStore } from './rules-store.ts';
import { useZonesStore } from './zones-store.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';

/** One line about a rule: its event (with duration), zone, device, dwell, cool-down and severity. */
export function ruleSummary(
  r: Rule,
  zoneName: (id: string) => string | undefined,
  t: Translate,
  deviceName: (mac: string) => string = (mac) => mac,
) {
  const event = t(`rules.events.${r.type}`);
  const timed = TIMED_EVENTS.includes(r.type) && r.thresholdSeconds !== null;
  return [
    timed ? t('rules.eventSeconds', { event, seconds: r.thresholdSeconds ?? 0 }) : event,
    r.zoneId ? (zoneName(r.zoneId) ?? '—') : t('rules.anyZone'),
    ...(r.mac ? [deviceName(r.mac)] : []),
    ...(r.dwellSeconds > 0 ? [t('rules.dwellSummary', { seconds: r.dwellSeconds })] : []),
    ...(r.cooldownSeconds > 0 ? [t('rules.cooldownSummary', { seconds: r.cooldownSeconds })] : []),
    t(`rules.severities.${r.severity}`),
  ].join(' · ');
}

export function RulesSection({ editable }: { editable: boolean }) {
  const { t } = useI18n();
  const entities = useRulesStore((s) => s.entities);
  const loadError = useRulesStore((s) => s.error);
  const zones = useZonesStore((s) => s.entities);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rules = sortedRules(entities);
  const zoneName = (id: string) => zones[id]?.name;
  const live = useDevicesStore((s) => s.entities);
  const configured = useDevicesStore((s) => s.configured);
  const deviceName = (mac: string) => {
    const d = live[mac] ?? configured[mac];
    return d ? entityName(d) : mac;
  };

  const remove = (r: Rule) => {
    if (!window.confirm(t('rules.confirmDelete', { name: r.name }))) return;
    setError(null);
    useRulesStore
      .getState()
      .remove(r.id)
      .catch((err: unknown) => setError(errorText(err)));
  };

  return (
    <section className="rules-section" aria-labelledby="rules-title" data-testid="rules-section">
      <h3 id="rules-title" className="section-title">
        {t('rules.title')}
      </h3>
      <p className="small muted">{editable ? t('rules.intro') : t('rules.readOnly')}</p>
      <ErrorText error={error ?? loadError} />
      {rules.length === 0 && editing !== 'new' && <p className="muted">{t('rules.empty')}</p>}
      <ul className="rule-list">
        {rules.map((r) =>
          editing === r.id ? (
            <li key={r.id}>
              <RuleForm rule={r} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li
              key={r.id}
              className={`rule-row${r.enabled ? '' : ' disabled'}`}
              data-rule-id={r.id}
            >
              <span className={`severity-dot ${r.severity}`} aria-hidden="true" />
              <span className="rule-row-text">
                <strong dir="auto">{r.name}</strong>
                <span className="small muted">{ruleSummary(r, zoneName, t, deviceName)}</span>
                {!r.enabled && <span className="small muted">{t('rules.disabled')}</span>}
              </span>
              {editable && (
                <EditDeleteActions
                  editLabel={t('rules.edit', { name: r.name })}
                  deleteLabel={t('rules.delete', { name: r.name })}
                  disabled={editing !== null}
                  onEdit={() => setEditing(r.id)}
                  onDelete={() => remove(r)}
                />
              )}
            </li>
          ),
        )}
      </ul>
      {editable &&
        (editing === 'new' ? (
          <RuleForm rule={null} onDone={() => setEditing(null)} />
        ) : (
          <button
            type="button"
            className="button"
            disabled={editing !== null}
            onClick={() => setEditing('new')}
          >
            {t('rules.add')}
          </button>
        ))}
    </section>
  );
}
