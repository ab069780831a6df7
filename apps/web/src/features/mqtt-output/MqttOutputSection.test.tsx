import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MqttOutputBody, MqttOutputResponse } from '@rtls/contract';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { MqttOutputSection } from './MqttOutputSection.tsx';
import { renderTranslated } from '../../test/render.tsx';

let answer: MqttOutputResponse;
beforeEach(() => {
  useUiStore.setState({ language: 'en' });
  answer = {
    success: true,
    settings: { enabled: false, homeAssistant: false, discoveryPrefix: 'homeassistant' },
    topicPrefix: 'rtls/out/acc-1',
    brokers: { embedded: true, external: false },
  };
});
afterEach(() => vi.unstubAllGlobals());

const renderSection = async () => {
  renderTranslated(<MqttOutputSection />);
  await userEvent.click(screen.getByRole('button', { name: 'Manage MQTT output' }));
};

describe('MqttOutputSection', () => {
  it("shows the account's topics and saves each switch and the discovery prefix", async () => {
    const { calls } = mockFetch({
      'GET /api/mqtt-output': () => jsonResponse(answer),
      'PUT /api/mqtt-output': (c) => {
        answer = { ...answer, settings: { ...answer.settings, ...(c.body as MqttOutputBody) } };
        return jsonResponse(answer);
      },
    });
    await renderSection();
    expect((await screen.findByText('rtls/out/acc-1/#')).tagName).toBe('CODE');
    await userEvent.click(screen.getByLabelText('Positions, presence and events'));
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Positions, presence and events')).toHaveProperty(
        'checked',
        true,
      ),
    );
    const prefix = screen.getByLabelText('Home Assistant discovery prefix');
    await userEvent.clear(prefix);
    await userEvent.type(prefix, 'ha');
    await userEvent.click(screen.getByRole('button', { name: 'Save prefix' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save prefix' })).toHaveProperty('disabled', true),
    );
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { enabled: true },
      { discoveryPrefix: 'ha' },
    ]);
  });

  it('says so in Hebrew when the settings cannot be read', async () => {
    useUiStore.setState({ language: 'he' });
    mockFetch({ 'GET /api/mqtt-output': jsonResponse({ message: 'boom' }, 503) });
    renderTranslated(<MqttOutputSection />);
    await userEvent.click(screen.getByRole('button', { name: 'ניהול פלט MQTT' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'טעינת הגדרות פלט MQTT נכשלה: boom',
    );
  });
});
