import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { SettingsPanel } from './SettingsPanel.tsx';
import { useSettingsStore } from './settings-store.ts';
import { renderTranslated, restoreStubsAfterEach } from '../../test/render.tsx';

function renderPanel() {
  return renderTranslated(<SettingsPanel />);
}

const saveButton = () => screen.queryByRole('button', { name: 'Save Changes' });
const resetButton = () => screen.queryByRole('button', { name: 'Reset Changes' });

beforeEach(() => {
  useUiStore.setState({ language: 'en', theme: 'light', isSettingsOpen: true });
  useSettingsStore.getState().reset();
});
restoreStubsAfterEach();

describe('SettingsPanel', () => {
  it('starts from the defaults with no Save or Reset button', () => {
    renderPanel();
    expect(screen.getByRole('radio', { name: 'Light' })).toHaveProperty('ariaChecked', 'true');
    expect(screen.getByRole('radio', { name: 'Dark' })).toHaveProperty('ariaChecked', 'false');
    expect(screen.getByLabelText('Default map image')).toHaveProperty('value', '/maps/floor1.png');
    expect(screen.getByLabelText('Default Zoom')).toHaveProperty('value', '1');
    expect(screen.getByLabelText('Min Zoom')).toHaveProperty('value', '0.5');
    expect(screen.getByLabelText('Max Zoom')).toHaveProperty('value', '3');
    expect(screen.getByLabelText('Data Refresh Rate')).toHaveProperty('value', '5000');
    for (const name of [
      'Show tooltips on startup',
      'Show system notifications',
      'Remember map position',
    ]) {
      expect(screen.getByRole('checkbox', { name })).toHaveProperty('checked', true);
    }
    expect(saveButton()).toBeNull();
    expect(resetButton()).toBeNull();
  });

  it('offers the three shipped map images and the five refresh rates', () => {
    renderPanel();
    const images = within(screen.getByLabelText('Default map image')).getAllByRole('option');
    expect(images.map((o) => o.textContent)).toEqual(['floor1.png', 'floor1.svg', 'floor1-2.png']);
    const rates = within(screen.getByLabelText('Data Refresh Rate')).getAllByRole('option');
    expect(rates.map((o) => o.textContent)).toEqual(['1 s', '2 s', '5 s', '10 s', '30 s']);
  });

  it('bounds the zoom inputs', () => {
    renderPanel();
    const attrs = (label: string) => {
      const el = screen.getByLabelText(label);
      return [el.getAttribute('min'), el.getAttribute('max'), el.getAttribute('step')];
    };
    expect(attrs('Default Zoom')).toEqual(['0.1', '5', '0.1']);
    expect(attrs('Min Zoom')).toEqual(['0.1', '2', '0.1']);
    expect(attrs('Max Zoom')).toEqual(['1', '10', '0.1']);
  });

  it('shows Save and Reset after an edit; Reset restores the saved values', async () => {
    const { fetch } = mockFetch();
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    await user.selectOptions(screen.getByLabelText('Data Refresh Rate'), '10000');
    expect(saveButton()).not.toBeNull();
    await user.click(resetButton()!);
    expect(saveButton()).toBeNull();
    expect(screen.getByRole('radio', { name: 'Light' })).toHaveProperty('ariaChecked', 'true');
    expect(screen.getByLabelText('Data Refresh Rate')).toHaveProperty('value', '5000');
    expect(useUiStore.getState().theme).toBe('light');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the theme radio group is one tab stop and the arrow keys choose', async () => {
    const user = userEvent.setup();
    renderPanel();
    const light = screen.getByRole('radio', { name: 'Light' });
    const dark = screen.getByRole('radio', { name: 'Dark' });
    expect([light.tabIndex, dark.tabIndex]).toEqual([0, -1]);
    light.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(dark);
    expect(dark).toHaveProperty('ariaChecked', 'true');
    expect([light.tabIndex, dark.tabIndex]).toEqual([-1, 0]);
    await user.keyboard('{ArrowUp}');
    expect(light).toHaveProperty('ariaChecked', 'true');
  });

  it('an edit put back by hand hides the buttons again', async () => {
    const user = userEvent.setup();
    renderPanel();
    const box = screen.getByRole('checkbox', { name: 'Remember map position' });
    await user.click(box);
    expect(saveButton()).not.toBeNull();
    await user.click(box);
    expect(saveButton()).toBeNull();
  });

  it('Save sends the settings, applies the theme and hides the buttons', async () => {
    const { calls } = mockFetch({
      'PUT /api/settings': (c) => jsonResponse({ success: true, ...(c.body as object) }),
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    await user.selectOptions(screen.getByLabelText('Default map image'), '/maps/floor1-2.png');
    const zoom = screen.getByLabelText('Default Zoom');
    await user.clear(zoom);
    await user.type(zoom, '1.5');
    await user.click(screen.getByRole('checkbox', { name: 'Show system notifications' }));
    await user.click(saveButton()!);

    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      config: {
        theme: 'dark',
        defaultImage: '/maps/floor1-2.png',
        defaultZoom: 1.5,
        minZoom: 0.5,
        maxZoom: 3,
        pollInterval: 5000,
        showTooltipsOnStartup: true,
        showSystemNotifications: false,
        rememberMapPosition: true,
      },
    });
    expect(useUiStore.getState().theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(saveButton()).toBeNull();
  });

  it('a zoom outside its bounds says so and cannot be saved', async () => {
    const user = userEvent.setup();
    renderPanel();
    const max = screen.getByLabelText('Max Zoom');
    await user.clear(max);
    await user.type(max, '11');
    expect(max.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a number from 1 to 10')).toBeDefined();
    expect(saveButton()).toHaveProperty('disabled', true);
  });

  it('a failed save is only logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'PUT /api/settings': jsonResponse({ message: 'down' }, 500) });
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('checkbox', { name: 'Show tooltips on startup' }));
    await user.click(saveButton()!);
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(error.mock.calls[0]![0]).toBe('Failed to save settings');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the upload only announces the picked file', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { fetch } = mockFetch();
    const user = userEvent.setup({ applyAccept: false });
    renderPanel();
    const input = screen.getByLabelText('Upload a new map image');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.closest('label')?.textContent).toBe('Choose an image…');
    await user.upload(input, new File(['png'], 'plan.png', { type: 'image/png' }));
    expect(alert).toHaveBeenCalledWith(
      'File selected: plan.png. This feature will be available soon.',
    );
    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(alert).toHaveBeenLastCalledWith('Please select an image file');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows saved settings that arrive later, but keeps edits the user has begun', async () => {
    const user = userEvent.setup();
    renderPanel();
    const arrive = (maxZoom: number) =>
      act(() => useSettingsStore.setState((s) => ({ saved: { ...s.saved, maxZoom } })));
    arrive(6);
    expect(screen.getByLabelText('Max Zoom')).toHaveProperty('value', '6');
    expect(saveButton()).toBeNull();
    await user.selectOptions(screen.getByLabelText('Data Refresh Rate'), '1000');
    arrive(8);
    expect(screen.getByLabelText('Max Zoom')).toHaveProperty('value', '6');
    expect(screen.getByLabelText('Data Refresh Rate')).toHaveProperty('value', '1000');
  });

  it('is in Hebrew when the language is Hebrew', () => {
    useUiStore.setState({ language: 'he' });
    renderPanel();
    expect(screen.getByRole('heading', { name: 'הגדרות' })).toBeDefined();
    expect(screen.getByLabelText('קצב רענון נתונים')).toBeDefined();
    expect(screen.queryByText('Settings')).toBeNull();
  });
});

describe('settings store', () => {
  it('loads the settings file, then lets the saved settings override it', async () => {
    mockFetch({
      'GET /config/settings.md': new Response('## Map Settings\n- maxZoom: 6\n- minZoom: 1\n'),
      'GET /api/settings': jsonResponse({ success: true, config: { minZoom: 0.8, theme: 'dark' } }),
    });
    await useSettingsStore.getState().load();
    expect(useSettingsStore.getState().saved).toMatchObject({
      maxZoom: 6,
      minZoom: 0.8,
      defaultZoom: 1,
      pollInterval: 5000,
      theme: 'dark',
    });
    expect(useUiStore.getState().theme).toBe('dark');
  });

  it('keeps the file values when the saved settings cannot be read (and logs it)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /config/settings.md': new Response('## API Configuration\n- pollInterval: 2000\n'),
      'GET /api/settings': jsonResponse({}, 500),
    });
    await useSettingsStore.getState().load();
    expect(useSettingsStore.getState().saved.pollInterval).toBe(2000);
    expect(error).toHaveBeenCalledWith('Failed to fetch settings', expect.anything());
  });
});
