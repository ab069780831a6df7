import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_ERRORS } from '@rtls/contract';
import { useUiStore } from '../layout/ui-store.ts';
import { ConnectionIndicator } from './ConnectionIndicator.tsx';
import { useLiveStore } from './live-store.ts';
import { renderTranslated } from '../../test/render.tsx';

const renderIndicator = () => renderTranslated(<ConnectionIndicator />);

beforeEach(() => {
  useUiStore.setState({ language: 'en' });
  useLiveStore.setState({ state: 'connected', error: null, latencyMs: null, retry: vi.fn() });
});

describe('ConnectionIndicator', () => {
  it('says why live positions are off when the server refused the page, and offers a reload', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    useLiveStore.setState({ state: 'disconnected', error: CONNECTION_ERRORS.protocolMismatch });
    renderIndicator();
    expect(screen.getByRole('alert').textContent).toContain('This page is out of date');
    expect(screen.queryByRole('button', { name: 'Reconnect' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says it in Hebrew too', () => {
    useUiStore.setState({ language: 'he' });
    useLiveStore.setState({ state: 'disconnected', error: CONNECTION_ERRORS.protocolMismatch });
    renderIndicator();
    expect(screen.getByRole('alert').textContent).toContain('הדף אינו מעודכן');
    expect(screen.getByRole('button', { name: 'טען מחדש את הדף' })).toBeDefined();
  });

  it('offers a reconnect, not a reload, once reconnects gave up for another reason', () => {
    useLiveStore.setState({ state: 'disconnected', error: CONNECTION_ERRORS.timeout });
    renderIndicator();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reconnect' })).toBeDefined();
  });
});
