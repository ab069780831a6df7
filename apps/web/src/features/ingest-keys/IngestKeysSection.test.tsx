import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IngestKeyInfo } from '@rtls/contract';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { IngestKeysSection } from './IngestKeysSection.tsx';
import { renderTranslated, restoreStubsAfterEach } from '../../test/render.tsx';

const key = (over: Partial<IngestKeyInfo>): IngestKeyInfo => ({
  id: 'k1',
  name: 'Lobby',
  createdAt: '2026-11-01T10:00:00Z',
  revokedAt: null,
  lastUsedAt: null,
  ...over,
});

beforeEach(() => useUiStore.setState({ language: 'en' }));
restoreStubsAfterEach();

const renderSection = () => renderTranslated(<IngestKeysSection />);

describe('IngestKeysSection', () => {
  it('loads nothing until opened, then lists the keys with their last use', async () => {
    const { fetch } = mockFetch({
      'GET /api/ingest-keys': jsonResponse({
        keys: [key({}), key({ id: 'k2', name: 'Old', revokedAt: '2026-11-02T10:00:00Z' })],
      }),
    });
    renderSection();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Manage ingest keys' }));
    const list = await screen.findByRole('list', { name: 'Ingest keys' });
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('Never used');
    expect(screen.getByRole('button', { name: 'Revoke Lobby' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke Old' })).toBeNull();
  });

  it('shows a created key once, with a copy button, and revokes after the confirmation', async () => {
    let keys = [key({})];
    const { calls } = mockFetch({
      'GET /api/ingest-keys': () => jsonResponse({ keys }),
      'POST /api/ingest-keys': () => {
        keys = [...keys, key({ id: 'k3', name: 'Ward 4' })];
        return jsonResponse({ key: 'ik_secret', info: keys[1] }, 201);
      },
      'DELETE /api/ingest-keys/k1': () => {
        keys = [key({ revokedAt: '2026-11-03T10:00:00Z' }), keys[1]!];
        return jsonResponse({ success: true });
      },
    });
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Manage ingest keys' }));
    await userEvent.type(screen.getByLabelText('New key name'), 'Ward 4');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByDisplayValue('ik_secret')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Ward 4' });
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue('ik_secret')).toBeNull();

    vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke Lobby' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke Lobby' }));
    await screen.findByText(/Revoked/);
    expect(screen.queryByRole('button', { name: 'Revoke Lobby' })).toBeNull();
  });
});
