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
  useLiveStore.setState({
    state: 'connected',
    error: null,
    latencyMs: null,
    locatingEveryS: null,
    retry: vi.fn(),
  });
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

describe('a server that locates less often than every second', () => {
  it('says how often positions are updated, in English and Hebrew', () => {
    useLiveStore.setState({ state: 'connected', locatingEveryS: 3.2 });
    const { unmount } = renderIndicator();
    const status = screen.getByTestId('live-indicator');
    expect(status.textContent).toBe('Live · positions every 3.2 s');
    expect(status.getAttribute('title')).toContain('the server is busy');
    expect(status.className).toContain('slowed');
    unmount();
    useUiStore.setState({ language: 'he' });
    renderIndicator();
    expect(screen.getByTestId('live-indicator').textContent).toBe('מחובר · מיקומים כל 3.2 שניות');
  });

  it('says plain "Live" while every device is located each second', () => {
    useLiveStore.setState({ state: 'connected', locatingEveryS: 1 });
    renderIndicator();
    const status = screen.getByTestId('live-indicator');
    expect(status.textContent).toBe('Live');
    expect(status.className).not.toContain('slowed');
  });
});
