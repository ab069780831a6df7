/**
 * MQTT output of the signed-in account, in the settings panel: publish positions, zone presence
 * and events under the account's topic prefix, with Home Assistant discovery (a device_tracker per
 * monitored device). Loaded when the section is opened; each change is saved at once.
 */
import { useState } from 'react';
import type { MqttOutputBody, MqttOutputResponse } from '@rtls/contract';
import { localizedError } from '../../api/localized-error.ts';
import { fetchMqttOutput, updateMqttOutput } from '../../api/mqtt-output.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { CheckboxField } from '../../ui/fields.tsx';
import { openableSection } from '../../ui/OpenableSection.tsx';
import { useBusyCall } from '../../ui/use-busy-call.ts';

export const MqttOutputSection = openableSection('mqtt-output', 'mqttOutput', MqttOutputForm);

function MqttOutputForm() {
  const { t, language } = useI18n();
  const [state, setState] = useState<MqttOutputResponse | null>(null);
  const [prefix, setPrefix] = useState('');
  /** Show the server's answer: its settings, and the prefix field as saved. */
  const show = (answer: MqttOutputResponse) => {
    setState(answer);
    setPrefix(answer.settings.discoveryPrefix);
  };
  const { busy, error, run } = useBusyCall(async () => show(await fetchMqttOutput()));
  const save = (body: MqttOutputBody) => void run(async () => show(await updateMqttOutput(body)));

  const s = state?.settings;
  return (
    <div id="mqtt-output-body" className="webhooks-body">
      {error && (
        <p className="error-text" role="alert">
          {localizedError(error, language)}
        </p>
      )}
      {state && s && (
        <>
          <p className="small">
            {t('mqttOutput.prefix')} <code dir="ltr">{state.topicPrefix}/#</code>
          </p>
          <p className="small muted">
            {state.brokers.external ? t('mqttOutput.brokersBoth') : t('mqttOutput.brokersEmbedded')}
          </p>
          <fieldset className="webhook-topics" disabled={busy}>
            <legend className="small">{t('mqttOutput.publish')}</legend>
            <CheckboxField
              name="mqttEnabled"
              label={t('mqttOutput.enabled')}
              checked={s.enabled}
              onChange={(enabled) => save({ enabled })}
            />
            <CheckboxField
              name="homeAssistant"
              label={t('mqttOutput.homeAssistant')}
              checked={s.homeAssistant}
              onChange={(homeAssistant) => save({ homeAssistant })}
            />
          </fieldset>
          <form
            className="webhook-create"
            onSubmit={(e) => {
              e.preventDefault();
              save({ discoveryPrefix: prefix.trim() });
            }}
          >
            <label className="field compact">
              <span>{t('mqttOutput.discoveryPrefix')}</span>
              <input
                name="discoveryPrefix"
                dir="ltr"
                value={prefix}
                maxLength={100}
                pattern="[A-Za-z0-9_\-/]+"
                required
                onChange={(e) => setPrefix(e.target.value)}
              />
            </label>
            <button
              type="submit"
              className="button"
              disabled={busy || prefix.trim() === s.discoveryPrefix}
            >
              {t('mqttOutput.savePrefix')}
            </button>
          </form>
        </>
      )}
    </div>
  );
}
