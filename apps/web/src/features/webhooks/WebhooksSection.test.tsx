import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeadLetter, Webhook } from '@rtls/contract';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { WebhooksSection } from './WebhooksSection.tsx';
import { renderTranslated, restoreStubsAfterEach } from '../../test/render.tsx';

const hook = (over: Partial<Webhook> = {}): Webhook => ({
  id: 'w1',
  url: 'https://ops.example.com/hook',
  events: [],
  enabled: true,
  createdAt: '2026-11-24T01:00:00.000Z',
  pending: 0,
  lastError: null,
  ...over,
});
const dead: DeadLetter = {
  id: 'd1',
  webhookId: 'w1',
  url: 'https://ops.example.com/hook',
  attempts: 60,
  lastError: 'HTTP 503',
  lastStatus: 503,
  createdAt: '2026-11-24T00:00:00.000Z',
  failedAt: '2026-11-24T01:00:00.000Z',
  payload: { id: 'p1', webhookId: 'w1', topic: 'event', at: '2026-11-24T00:00:00.000Z' },
};

beforeEach(() => useUiStore.setState({ language: 'en' }));
restoreStubsAfterEach();

const renderSection = async () => {
  renderTranslated(<WebhooksSection />);
  await userEvent.click(screen.getByRole('button', { name: 'Manage webhooks' }));
};

describe('WebhooksSection', () => {
  it('adds a webhook for chosen topics and shows its signing secret once', async () => {
    let hooks: Webhook[] = [];
    const { calls } = mockFetch({
      'GET /api/webhooks': () => jsonResponse({ webhooks: hooks }),
      'GET /api/webhooks/dead-letters': jsonResponse({ deadLetters: [] }),
      'POST /api/webhooks': (c) => {
        hooks = [hook({ events: (c.body as Webhook).events, pending: 2 })];
        return jsonResponse({ success: true, webhook: hooks[0], secret: 'whsec_1' }, 201);
      },
    });
    await renderSection();
    expect(await screen.findByText('No webhooks yet.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('URL'), 'https://ops.example.com/hook');
    await userEvent.click(screen.getByLabelText('Enter'));
    await userEvent.click(screen.getByLabelText('Alerts'));
    expect(screen.getByLabelText('Everything')).toHaveProperty('checked', false);
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByLabelText('Signing secret')).toHaveProperty('value', 'whsec_1');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'https://ops.example.com/hook',
      events: ['enter', 'alert'],
    });
    const list = screen.getByRole('list', { name: 'Webhooks' });
    expect(within(list).getByRole('listitem').textContent).toContain(
      'Enter, Alerts · Added 24 Nov 2026',
    );
    expect(within(list).getByRole('listitem').textContent).toContain('2 deliveries waiting');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Signing secret')).toBeNull();
  });

  it('shows why a webhook was refused and keeps what was typed', async () => {
    mockFetch({
      'GET /api/webhooks': jsonResponse({ webhooks: [] }),
      'GET /api/webhooks/dead-letters': jsonResponse({ deadLetters: [] }),
      'POST /api/webhooks': jsonResponse(
        { message: 'The webhook URL must be an http:// or https:// address' },
        400,
      ),
    });
    await renderSection();
    await userEvent.type(screen.getByLabelText('URL'), 'https://x.example');
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to create webhook: The webhook URL must be an http:// or https:// address',
    );
    expect(screen.getByLabelText('URL')).toHaveProperty('value', 'https://x.example');
  });

  it('deletes a webhook after the confirmation and retries a failed delivery', async () => {
    let hooks = [hook({ lastError: 'HTTP 503' })];
    let letters = [dead];
    const { calls } = mockFetch({
      'GET /api/webhooks': () => jsonResponse({ webhooks: hooks }),
      'GET /api/webhooks/dead-letters': () => jsonResponse({ deadLetters: letters }),
      'DELETE /api/webhooks/w1': () => {
        hooks = [];
        return jsonResponse({ success: true });
      },
      'POST /api/webhooks/dead-letters/d1/retry': () => {
        letters = [];
        return jsonResponse({ success: true });
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await renderSection();
    const failed = await screen.findByRole('region', { name: 'Failed deliveries' });
    expect(within(failed).getByRole('listitem').textContent).toContain('60 attempts');
    await userEvent.click(
      within(failed).getByRole('button', {
        name: 'Retry delivery to https://ops.example.com/hook',
      }),
    );
    expect(await within(failed).findByText('No failed deliveries.')).toBeTruthy();
    expect(screen.getByText('Last error: \u2068HTTP 503\u2069')).toBeTruthy();
    await userEvent.click(
      screen.getByRole('button', { name: 'Delete webhook https://ops.example.com/hook' }),
    );
    expect(await screen.findByText('No webhooks yet.')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/webhooks/dead-letters/d1/retry',
      'DELETE /api/webhooks/w1',
    ]);
  });
});
