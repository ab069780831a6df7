import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderTranslated, restoreStubsAfterEach } from '../../test/render.tsx';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { HistoryExport } from './HistoryExport.tsx';

const EXPORT = 'GET /api/maps/m1/history/export';

function renderForm() {
  useMapsStore.setState({ currentMapId: 'm1' });
  renderTranslated(<HistoryExport />);
}

beforeEach(() => {
  useUiStore.setState({ language: 'en' });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
  );
});
restoreStubsAfterEach();
afterEach(() => useMapsStore.setState({ currentMapId: null }));

describe('Export CSV', () => {
  it('asks the server for the chosen kind and range of the map on screen, and saves the file', async () => {
    const { calls } = mockFetch({
      [EXPORT]: new Response('opened_at,rule\r\n', {
        headers: { 'content-disposition': 'attachment; filename="alerts-2026-01-01.csv"' },
      }),
    });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    renderForm();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'What' }), 'alerts');
    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), '2026-01-01T08:00');
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '2026-01-01T10:30');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.searchParams.get('kind')).toBe('alerts');
    expect(url.searchParams.get('from')).toBe(new Date('2026-01-01T08:00').toISOString());
    expect(url.searchParams.get('to')).toBe(new Date('2026-01-01T10:30').toISOString());
    expect(url.searchParams.has('devices')).toBe(false);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('alerts-2026-01-01.csv');
  });

  it('refuses an end before the start without asking the server', async () => {
    const { calls } = mockFetch({});
    renderForm();
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '2000-01-01T00:00');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a start before the end.');
    expect(calls).toHaveLength(0);
  });

  it("shows the server's reason in Hebrew when it refuses", async () => {
    useUiStore.setState({ language: 'he' });
    mockFetch({
      [EXPORT]: jsonResponse({ message: 'The range is beyond retention' }, 400),
    });
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'ייצוא CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ייצוא ההיסטוריה נכשל: The range is beyond retention',
    );
  });
});
