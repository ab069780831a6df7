import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { AddGatewayDialog } from './AddGatewayDialog.tsx';
import { useGatewaysStore } from './gateways-store.ts';
import { renderTranslated } from '../../test/render.tsx';

const available = (n: number, name: string, isMonitored: boolean, daysSinceLastSeen = 0) => ({
  mac: `AB:CD:EF:00:00:0${n}`,
  name,
  lastSeen: new Date().toISOString(),
  daysSinceLastSeen,
  ip: null,
  isMonitored,
});

function renderDialog() {
  return renderTranslated(<AddGatewayDialog mapId="map-1" onClose={() => undefined} />);
}

beforeEach(() => {
  useUiStore.setState({ language: 'en' });
  useGatewaysStore.getState().reset();
  mockFetch({
    'GET /api/available/gateways': jsonResponse({
      success: true,
      gateways: [
        available(1, 'Hall', true),
        available(2, 'Dock', false, 2),
        available(3, 'Gate', false),
      ],
    }),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('Add Gateway dialog', () => {
  it('lists gateways not yet placed first, the monitored ones after them', async () => {
    renderDialog();
    const list = await screen.findByRole('radiogroup', { name: 'Available gateways' });
    const names = within(list)
      .getAllByRole('radio')
      .map((r) => r.closest('label')!.textContent);
    expect(names.map((n) => n!.slice(0, 4))).toEqual(['Gate', 'Dock', 'Hall']);
    expect(names[2]).toContain('Monitored');
  });

  it('a coverage radius out of range (500 > 200) disables Add and says the range', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(await screen.findByRole('radio', { name: /Gate/ }));
    const add = screen.getByRole('button', { name: 'Add to Monitoring' }) as HTMLButtonElement;
    expect(add.disabled).toBe(false);
    const radius = screen.getByLabelText('Coverage radius');
    await user.type(radius, '500');
    expect(add.disabled).toBe(true);
    expect(radius.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Enter a number from 10 to 200');
    await user.clear(radius);
    await user.type(radius, '150');
    expect(add.disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the range in Hebrew', async () => {
    useUiStore.setState({ language: 'he' });
    const user = userEvent.setup();
    renderDialog();
    await user.type(screen.getByLabelText('רדיוס כיסוי'), '500');
    expect(screen.getByRole('alert').textContent).toBe('הזינו מספר בין 10 ל-200');
  });
});

describe('a refused add', () => {
  it('keeps the dialog open and says why', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/available/gateways': jsonResponse({ success: true, gateways: [] }),
      'POST /api/gateways/monitor/AB%3ACD%3AEF%3A00%3A00%3A09': jsonResponse(
        { message: 'You do not have permission to do this' },
        403,
      ),
    });
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'Manual entry' }));
    await user.type(screen.getByLabelText('MAC address'), 'ab:cd:ef:00:00:09');
    await user.type(screen.getByLabelText('Name'), 'Dock');
    await user.click(screen.getByRole('button', { name: 'Add to Monitoring' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to add gateway to monitoring: your access to this map does not allow this change',
    );
    expect(screen.getByRole('dialog')).toBeDefined();
  });
});
