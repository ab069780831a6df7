import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useViewStore } from './view-store.ts';
import { freshViewEachTest, renderView } from '../../test/view-controls.tsx';

freshViewEachTest();

describe('trails in the View tab', () => {
  it("starts at each device's own setting over the last 10 minutes", () => {
    renderView();
    const show = screen.getByRole('combobox', { name: 'Show trails for' }) as HTMLSelectElement;
    const minutes = screen.getByRole('combobox', { name: 'Trail length' }) as HTMLSelectElement;
    expect(show.selectedOptions[0]!.textContent).toBe("Each device's own setting");
    expect([...show.options].map((o) => o.textContent)).toEqual([
      "Each device's own setting",
      'All devices on the map',
      'The selected device',
      'No device',
    ]);
    expect(minutes.selectedOptions[0]!.textContent).toBe('Last 10 minutes');
  });

  it('saves whose trails and their length for the signed-in user, each keeping the other', async () => {
    localStorage.setItem('token', 'tok');
    const { calls } = mockFetch({
      'PUT /api/user-settings': (c) => jsonResponse({ success: true, settings: c.body }),
    });
    const user = userEvent.setup();
    renderView();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show trails for' }), 'all');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Trail length' }), '30');
    expect(useViewStore.getState().trails).toEqual({ show: 'all', minutes: 30 });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((c) => c.body)).toEqual([
      { trails: { show: 'all', minutes: 10 } },
      { trails: { show: 'all', minutes: 30 } },
    ]);
  });

  it('in Hebrew', () => {
    useUiStore.setState({ language: 'he' });
    renderView();
    expect(screen.getByRole('group', { name: 'מסלולים' })).toBeDefined();
    expect(screen.getByRole('option', { name: '5 הדקות האחרונות' })).toBeDefined();
  });
});
