import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_VIEW_OPTIONS } from '@rtls/contract';
import { useDevicesStore } from '../devices/devices-store.ts';
import { useGatewaysStore } from '../gateways/gateways-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { useViewStore } from '../view/view-store.ts';
import { ToolsPanel } from './ToolsPanel.tsx';
import { useUiStore } from './ui-store.ts';
import { renderTranslated } from '../../test/render.tsx';

function renderPanel() {
  return renderTranslated(<ToolsPanel />);
}

const selectedTab = () =>
  screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true');

beforeEach(() => {
  useUiStore.setState({ language: 'en', toolsTab: 'devices', isSettingsOpen: false });
  useViewStore.setState({ viewOptions: { ...DEFAULT_VIEW_OPTIONS } });
  useDevicesStore.getState().reset();
  useGatewaysStore.getState().reset();
  useMapsStore.getState().reset();
});

describe('ToolsPanel', () => {
  it("is titled 'Management Tools' with five tabs", () => {
    renderPanel();
    expect(screen.getByRole('heading', { name: 'Management Tools' })).toBeDefined();
    expect(screen.getByText('Manage devices, gateways and settings')).toBeDefined();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Maps',
      'Devices',
      'Gateways',
      'View',
      'Zones',
    ]);
  });

  it('shows the panel of the clicked tab', async () => {
    const user = userEvent.setup();
    renderPanel();
    expect(selectedTab()?.textContent).toBe('Devices');
    expect(screen.getByRole('tabpanel').textContent).toContain('Device Management');
    await user.click(screen.getByRole('tab', { name: 'Gateways' }));
    expect(selectedTab()?.textContent).toBe('Gateways');
    expect(screen.getByRole('tabpanel').textContent).toContain('Gateway Management');
    await user.click(screen.getByRole('tab', { name: 'Maps' }));
    expect(screen.getByRole('tabpanel').textContent).toContain('No maps yet');
  });

  it('moves between tabs with the arrow keys, wrapping around', async () => {
    const user = userEvent.setup();
    renderPanel();
    screen.getByRole('tab', { name: 'Devices' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(selectedTab()?.textContent).toBe('Gateways');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Gateways' }));
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(selectedTab()?.textContent).toBe('Maps');
    await user.keyboard('{ArrowLeft}');
    expect(selectedTab()?.textContent).toBe('Zones');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Zones' }));
  });

  it('reverses the arrow keys right-to-left', async () => {
    useUiStore.setState({ language: 'he' });
    const user = userEvent.setup();
    renderPanel();
    expect(screen.getByRole('heading', { name: 'כלי ניהול' })).toBeDefined();
    screen.getByRole('tab', { name: 'מכשירים' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(selectedTab()?.textContent).toBe('שערים');
  });

  it('only the selected tab is in the tab order', () => {
    renderPanel();
    for (const tab of screen.getAllByRole('tab')) {
      expect(tab.tabIndex).toBe(tab.getAttribute('aria-selected') === 'true' ? 0 : -1);
    }
  });

  describe('View tab', () => {
    it('reflects the default view options', async () => {
      renderPanel();
      await userEvent.setup().click(screen.getByRole('tab', { name: 'View' }));
      const boxes = within(screen.getByRole('group', { name: 'View Controls' })).getAllByRole(
        'checkbox',
      );
      // The view options, and the zones and floor layers' toggles.
      expect(boxes).toHaveLength(10);
      // A map without walls draws none until asked.
      expect(screen.getByRole('checkbox', { name: 'Show walls and doors' })).toHaveProperty(
        'checked',
        false,
      );
      expect(screen.getByRole('checkbox', { name: 'Show zones' })).toHaveProperty('checked', true);
      expect(screen.getByRole('checkbox', { name: 'Show device names' })).toHaveProperty(
        'checked',
        true,
      );
      for (const name of [
        'Show gateway coverage',
        'Show grid lines',
        'Show RSSI values',
        'Show last seen',
        'Show confidence',
        'Auto zoom',
        'Show devices as name boxes',
      ]) {
        expect(screen.getByRole('checkbox', { name }), name).toHaveProperty('checked', false);
      }
    });

    it('toggling a checkbox updates the view options', async () => {
      const user = userEvent.setup();
      renderPanel();
      await user.click(screen.getByRole('tab', { name: 'View' }));
      await user.click(screen.getByRole('checkbox', { name: 'Show grid lines' }));
      expect(useViewStore.getState().viewOptions.showGridLines).toBe(true);
      expect(screen.getByRole('checkbox', { name: 'Show grid lines' })).toHaveProperty(
        'checked',
        true,
      );
      await user.click(screen.getByRole('checkbox', { name: 'Show device names' }));
      expect(useViewStore.getState().viewOptions.showDeviceNames).toBe(false);
      expect(useViewStore.getState().viewOptions.showGridLines).toBe(true);
    });
  });

  describe('settings panel', () => {
    it('replaces the tabs while open and gives them back when closed', async () => {
      const user = userEvent.setup();
      useUiStore.setState({ isSettingsOpen: true });
      renderPanel();
      expect(screen.queryByRole('tablist')).toBeNull();
      expect(screen.getByRole('heading', { name: 'Settings' })).toBeDefined();
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Settings' }));
      await user.click(screen.getByRole('button', { name: 'Close settings' }));
      expect(useUiStore.getState().isSettingsOpen).toBe(false);
      expect(screen.getAllByRole('tab')).toHaveLength(5);
      expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Devices' }));
    });

    it('closes with Escape', async () => {
      const user = userEvent.setup();
      useUiStore.setState({ isSettingsOpen: true });
      renderPanel();
      await user.keyboard('{Escape}');
      expect(useUiStore.getState().isSettingsOpen).toBe(false);
    });
  });
});
