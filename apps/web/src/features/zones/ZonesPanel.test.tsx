import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackingMap } from '@rtls/contract';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeDevice, makeMap } from '../../test/fixtures.ts';
import { useDevicesStore } from '../devices/devices-store.ts';
import { browserNotice } from '../alerts/critical-notice.ts';
import { useAlertsStore } from '../alerts/alerts-store.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { closeDraft } from './zone-draft.ts';
import type { Rule } from '@rtls/contract';
import { makeRule, makeZone } from '../../test/zone-fixtures.ts';
import { ZonesPanel } from './ZonesPanel.tsx';
import { useRulesStore } from './rules-store.ts';
import { useZonesStore } from './zones-store.ts';
import { renderTranslated, restoreStubsAfterEach } from '../../test/render.tsx';

const lab = makeZone({
  polygon: [
    { x: 0, y: 0 },
    { x: 100, y: 0 },
    { x: 100, y: 100 },
  ],
});
const dwell = makeRule();

function renderPanel(map: TrackingMap) {
  useMapsStore.setState({ entities: { [map._id]: map }, currentMapId: map._id });
  useZonesStore.setState({
    ...useZonesStore.getInitialState(),
    mapId: map._id,
    entities: { [lab.id]: lab },
    occupancy: { [lab.id]: 1 },
  });
  useRulesStore.setState({
    ...useRulesStore.getInitialState(),
    mapId: map._id,
    entities: { [dwell.id]: dwell },
  });
  renderTranslated(<ZonesPanel />);
}

/** The server's answer to a create on map-1: what was posted, as `key`, with its new id. */
const createdAs = (key: 'zone' | 'rule', id: string) => (c: { body: unknown }) =>
  jsonResponse({ [key]: { ...(c.body as object), id, mapId: 'map-1' } }, 201);

beforeEach(() => useUiStore.setState({ language: 'en' }));
restoreStubsAfterEach();

describe('Zones tab', () => {
  it('lists zones with their occupancy and rules read-only for a viewer', () => {
    renderPanel(makeMap({ accessLevel: 'viewer' }));
    expect(screen.getByTestId('zone-row-count').textContent).toBe('1 device inside');
    expect(screen.queryByTestId('zones-unknown')).toBeNull();
    act(() => useZonesStore.setState({ unknown: 2 }));
    expect(screen.getByTestId('zones-unknown').textContent).toBe(
      '2 devices on this map are in an unknown place (too uncertain or not heard lately)',
    );
    expect(screen.queryByRole('button', { name: 'Draw a zone' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Lab' })).toBeNull();
    const rules = screen.getByRole('region', { name: 'Rules' });
    expect(
      within(rules).getByText(
        'Stays in a zone longer than 300 s · Lab · cool-down 300 s · Critical',
      ),
    ).toBeTruthy();
    expect(within(rules).queryByRole('button')).toBeNull();
    expect(
      within(rules).getByText("Only the map's owners and editors change its rules."),
    ).toBeTruthy();
  });

  it('lets an editor draw a zone, name it and save it', async () => {
    const { calls } = mockFetch({
      'POST /api/maps/map-1/zones': createdAs('zone', 'zone-new'),
    });
    renderPanel(makeMap({ accessLevel: 'editor' }));
    await userEvent.click(screen.getByRole('button', { name: 'Draw a zone' }));
    const form = screen.getByTestId('zone-draft-form');
    expect(within(form).getByText(/Click the map to add corners/)).toBeTruthy();
    const save = within(form).getByRole('button', { name: 'Save zone' });
    expect(save).toHaveProperty('disabled', true);
    const corners = [
      { x: 200, y: 200 },
      { x: 300, y: 200 },
      { x: 300, y: 300 },
    ];
    act(() =>
      useZonesStore.getState().changeDraft((d) =>
        closeDraft({
          ...d,
          vertices: corners,
        }),
      ),
    );
    expect(within(form).getByText('3 corners')).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('Zone name'), 'Ward 4');
    await userEvent.click(save);
    await vi.waitFor(() => expect(screen.queryByTestId('zone-draft-form')).toBeNull());
    expect(calls[0]!.body).toEqual({
      name: 'Ward 4',
      color: '#f59e0b',
      polygon: corners,
    });
    expect(screen.getByText('Ward 4')).toBeTruthy();
  });

  it('leaves the drawing when the tab is left', async () => {
    renderPanel(makeMap({ accessLevel: 'editor' }));
    await userEvent.click(screen.getByRole('button', { name: 'Draw a zone' }));
    expect(useZonesStore.getState().draft).not.toBeNull();
    cleanup();
    expect(useZonesStore.getState().draft).toBeNull();
  });

  it('keeps the draft and shows why when the save fails', async () => {
    mockFetch({
      'PUT /api/maps/map-1/zones/zone-lab': jsonResponse({ message: 'Zone name taken' }, 409),
    });
    renderPanel(makeMap({ accessLevel: 'owner' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit Lab' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save zone' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Zone name taken');
    expect(screen.getByTestId('zone-draft-form')).toBeTruthy();
  });

  it('deletes a zone after the confirmation', async () => {
    const { calls } = mockFetch({
      'DELETE /api/maps/map-1/zones/zone-lab': jsonResponse({ success: true }),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderPanel(makeMap({ accessLevel: 'owner' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Lab' }));
    await vi.waitFor(() => expect(screen.getByText('No zones on this map yet.')).toBeTruthy());
    expect(calls).toHaveLength(1);
  });
});

describe('rules editor', () => {
  it('adds a rule: a zone is asked for the timed zone events, a duration in seconds', async () => {
    const { calls } = mockFetch({
      'POST /api/maps/map-1/rules': createdAs('rule', 'rule-2'),
    });
    renderPanel(makeMap({ accessLevel: 'editor' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a rule' }));
    const form = screen.getByTestId('rule-form');
    await userEvent.type(within(form).getByLabelText('Rule name'), 'Left alone');
    await userEvent.selectOptions(within(form).getByLabelText('Event'), 'absent');
    await userEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect(within(form).getByRole('alert').textContent).toBe('Choose a zone');
    await userEvent.selectOptions(within(form).getByLabelText('Zone'), 'Lab');
    await userEvent.clear(within(form).getByLabelText('After (seconds)'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Enter a number of seconds greater than 0',
    );
    await userEvent.type(within(form).getByLabelText('After (seconds)'), '90');
    // No dwell for a rule with a duration of its own; the cool-down is checked before sending.
    expect(within(form).queryByLabelText('Counts after (seconds in or out)')).toBeNull();
    const cooldown = within(form).getByLabelText('Cool-down (seconds)');
    expect((cooldown as HTMLInputElement).value).toBe('300');
    await userEvent.clear(cooldown);
    await userEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Enter whole seconds from 0 to 86400 for the cool-down',
    );
    await userEvent.clear(cooldown);
    await userEvent.type(cooldown, '600');
    await userEvent.selectOptions(within(form).getByLabelText('Severity'), 'info');
    await userEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    await vi.waitFor(() => expect(screen.queryByTestId('rule-form')).toBeNull());
    expect(calls[0]!.body).toEqual({
      name: 'Left alone',
      type: 'absent',
      zoneId: lab.id,
      mac: null,
      thresholdSeconds: 90,
      dwellSeconds: 0,
      cooldownSeconds: 600,
      severity: 'info',
      enabled: true,
    });
    expect(
      screen.getByText('Absent from a zone for 90 s · Lab · cool-down 600 s · Info'),
    ).toBeTruthy();
  });

  it('edits a rule: an enter rule has no duration and may watch any zone', async () => {
    const { calls } = mockFetch({
      'PUT /api/maps/map-1/rules/rule-1': (c) =>
        jsonResponse({ rule: { ...dwell, ...(c.body as Rule) } }),
    });
    renderPanel(makeMap({ accessLevel: 'owner' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit rule Too long in the lab' }));
    const form = screen.getByTestId('rule-form');
    await userEvent.selectOptions(within(form).getByLabelText('Event'), 'enter');
    expect(within(form).queryByLabelText('After (seconds)')).toBeNull();
    // An enter rule counts after a dwell, 10 s unless changed.
    const dwellField = within(form).getByLabelText('Counts after (seconds in or out)');
    expect((dwellField as HTMLInputElement).value).toBe('10');
    expect(dwellField.getAttribute('aria-describedby')).toBeTruthy();
    await userEvent.selectOptions(within(form).getByLabelText('Zone'), 'Any zone');
    await userEvent.click(within(form).getByLabelText('Enabled'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    await vi.waitFor(() => expect(screen.queryByTestId('rule-form')).toBeNull());
    expect(calls[0]!.body).toMatchObject({
      type: 'enter',
      zoneId: null,
      thresholdSeconds: null,
      dwellSeconds: 10,
      cooldownSeconds: 300,
      enabled: false,
    });
  });

  it('asks for browser notifications when a critical rule is saved and the browser has not been asked', async () => {
    mockFetch({
      'POST /api/maps/map-1/rules': createdAs('rule', 'rule-3'),
    });
    vi.spyOn(browserNotice, 'permission').mockReturnValue('default');
    const request = vi.spyOn(browserNotice, 'request').mockResolvedValue('granted');
    renderPanel(makeMap({ accessLevel: 'editor' }));
    for (const severity of ['warning', 'critical']) {
      await userEvent.click(screen.getByRole('button', { name: 'Add a rule' }));
      const form = screen.getByTestId('rule-form');
      await userEvent.type(within(form).getByLabelText('Rule name'), `In ${severity}`);
      await userEvent.selectOptions(within(form).getByLabelText('Severity'), severity);
      await userEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
      await vi.waitFor(() => expect(screen.queryByTestId('rule-form')).toBeNull());
      expect(request).toHaveBeenCalledTimes(severity === 'critical' ? 1 : 0);
    }
    await vi.waitFor(() => expect(useAlertsStore.getState().permission).toBe('granted'));
  });

  it('picks the device from the known ones instead of typing its MAC, and keeps an unknown one', async () => {
    const { calls } = mockFetch({
      'POST /api/maps/map-1/rules': createdAs('rule', 'rule-4'),
      'PUT /api/maps/map-1/rules/rule-1': (c) =>
        jsonResponse({ rule: { ...dwell, ...(c.body as Rule) } }),
    });
    useDevicesStore.setState({
      entities: {
        'AA:00:00:00:00:02': makeDevice({ mac: 'AA:00:00:00:00:02', name: 'Wheelchair' }),
      },
      configured: { 'AA:00:00:00:00:01': makeDevice({ mac: 'AA:00:00:00:00:01', name: 'Bed 4' }) },
    });
    useRulesStore.setState({ entities: {} });
    renderPanel(makeMap({ accessLevel: 'editor' }));
    useRulesStore.setState({ entities: { [dwell.id]: { ...dwell, mac: 'FF:00:00:00:00:09' } } });
    await userEvent.click(screen.getByRole('button', { name: 'Add a rule' }));
    let form = screen.getByTestId('rule-form');
    const picker = within(form).getByLabelText('Device');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any device', 'Bed 4 (AA:00:00:00:00:01)', 'Wheelchair (AA:00:00:00:00:02)']);
    await userEvent.type(within(form).getByLabelText('Rule name'), 'Chair leaves');
    await userEvent.selectOptions(picker, 'Wheelchair (AA:00:00:00:00:02)');
    await userEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    await vi.waitFor(() => expect(screen.queryByTestId('rule-form')).toBeNull());
    expect(calls[0]!.body).toMatchObject({ name: 'Chair leaves', mac: 'AA:00:00:00:00:02' });
    // The rule's line names the device.
    expect(
      screen.getByText(
        'Enters a zone · Any zone · Wheelchair · after 10 s · cool-down 300 s · Warning',
      ),
    ).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Edit rule Too long in the lab' }));
    form = screen.getByTestId('rule-form');
    expect((within(form).getByLabelText('Device') as HTMLSelectElement).value).toBe(
      'FF:00:00:00:00:09',
    );
    await userEvent.selectOptions(within(form).getByLabelText('Event'), 'gateway_offline');
    expect(within(form).queryByLabelText('Device')).toBeNull();
  });
});
