import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useViewStore } from './view-store.ts';
import { freshViewEachTest, renderView } from '../../test/view-controls.tsx';

const fieldOrder = () =>
  within(screen.getByTestId('tooltip-fields'))
    .getAllByRole('checkbox')
    .map((c) => c.closest('li')!.dataset.testid!.replace('tooltip-field-', ''));

freshViewEachTest();

describe('tooltip fields editor', () => {
  it('lists the fields in order with their default state', () => {
    renderView();
    expect(fieldOrder()).toEqual(['name', 'mac', 'rssi', 'lastSeen', 'gateway', 'status']);
    expect(screen.getByRole('checkbox', { name: 'MAC' })).toHaveProperty('checked', false);
    expect(screen.getByRole('checkbox', { name: 'Connection' })).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Move Name up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Connection down' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('reorders by keyboard, keeping focus on the moved field, and saves when signed in', async () => {
    localStorage.setItem('token', 'tok');
    const { calls } = mockFetch({
      'PATCH /api/user-settings/tooltip-fields': (c) =>
        jsonResponse({ success: true, settings: { tooltipFields: c.body } }),
    });
    const user = userEvent.setup();
    renderView();
    screen.getByRole('button', { name: 'Move RSSI up' }).focus();
    await user.keyboard('{Enter}');
    expect(fieldOrder()).toEqual(['name', 'rssi', 'mac', 'lastSeen', 'gateway', 'status']);
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move RSSI up' })),
    );
    await user.keyboard(' ');
    expect(fieldOrder()).toEqual(['rssi', 'name', 'mac', 'lastSeen', 'gateway', 'status']);
    expect(calls).toHaveLength(2);
    const sent = (calls[1]!.body as { tooltipFields: { id: string; order: number }[] })
      .tooltipFields;
    expect(sent.find((f) => f.id === 'rssi')!.order).toBe(1);
    expect(sent.find((f) => f.id === 'name')!.order).toBe(2);
  });

  it('enables a field', async () => {
    const user = userEvent.setup();
    renderView();
    await user.click(screen.getByRole('checkbox', { name: 'Strongest Gateway' }));
    expect(useViewStore.getState().tooltipFields.find((f) => f.id === 'gateway')!.enabled).toBe(
      true,
    );
  });

  it('labels the fields in the current language', () => {
    useUiStore.setState({ language: 'he' });
    renderView();
    expect(screen.getByRole('checkbox', { name: 'נראה לאחרונה' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'הזז את שם למטה' })).toBeDefined();
  });
});

describe('positioning settings', () => {
  it('edits and saves the triangulation settings with one button', async () => {
    localStorage.setItem('token', 'tok');
    const { calls } = mockFetch({
      'PATCH /api/user-settings/triangulation': jsonResponse({ success: true, settings: {} }),
    });
    const user = userEvent.setup();
    renderView();
    const save = screen.getByRole('button', { name: 'Save positioning settings' });
    expect(save).toHaveProperty('disabled', true);
    await user.selectOptions(screen.getByLabelText('Algorithm'), 'least-squares');
    const count = screen.getByLabelText('Minimum signals');
    await user.clear(count);
    await user.type(count, '3');
    await user.click(screen.getByRole('checkbox', { name: 'Calculate positions from signals' }));
    await user.click(save);
    expect(calls[0]!.body).toEqual({
      triangulation: {
        enabled: false,
        algorithm: 'least-squares',
        minSignalCount: 3,
        minConfidence: 0.3,
        signalAgeWeight: 0.8,
        rssiWeight: 1,
        showDebugInfo: false,
      },
    });
    expect(useViewStore.getState().triangulation.minSignalCount).toBe(3);
    expect(save).toHaveProperty('disabled', true);
  });

  it('refuses values outside the bounds', async () => {
    const user = userEvent.setup();
    renderView();
    const confidence = screen.getByLabelText('Minimum confidence (0–1)');
    await user.clear(confidence);
    await user.type(confidence, '1.5');
    expect(confidence.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a number from 0 to 1')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Save positioning settings' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});

describe('confidence legend', () => {
  it('explains the ring colours with their thresholds while confidence is shown', async () => {
    renderView();
    expect(screen.queryByTestId('confidence-legend')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show confidence' }));
    const legend = screen.getByTestId('confidence-legend');
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['High: over 80 %', 'Medium: over 50 %, up to 80 %', 'Low: 50 % or less']);
  });
});
