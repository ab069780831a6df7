import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeGateway } from '../../test/fixtures.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { EditModeBanner } from './EditModeBanner.tsx';
import { useGatewaysStore } from './gateways-store.ts';
import { renderTranslated, restoreStubsAfterEach } from '../../test/render.tsx';

const GW = makeGateway({ mac: 'GW:A', position: { x: 10, y: 20 } });

function renderEditing() {
  useUiStore.setState({ language: 'en', isEditMode: true });
  return renderTranslated(<EditModeBanner />);
}

beforeEach(() => {
  useGatewaysStore.getState().reset();
  useGatewaysStore.setState({ mapId: 'map-1', entities: { [GW.mac]: GW } });
  mockFetch({ 'GET /api/gateways/map/map-1': jsonResponse({ success: true, gateways: [GW] }) });
});
restoreStubsAfterEach();

const leave = () => act(() => useUiStore.getState().setEditMode(false));

describe('leaving edit mode', () => {
  it('with dragged gateways asks first; declining keeps edit mode and the drags', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderEditing();
    useGatewaysStore.getState().moveGateway('GW:A', { x: 50, y: 60 });
    leave();
    expect(confirm).toHaveBeenCalledWith('Discard the gateway positions you have not saved?');
    expect(useUiStore.getState().isEditMode).toBe(true);
    expect(useGatewaysStore.getState().moved).toEqual({ 'GW:A': { x: 50, y: 60 } });
    expect(screen.getByTestId('edit-banner')).toBeDefined();
  });

  it('accepting discards the drags and leaves', () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderEditing();
    useGatewaysStore.getState().moveGateway('GW:A', { x: 50, y: 60 });
    leave();
    expect(useUiStore.getState().isEditMode).toBe(false);
    expect(useGatewaysStore.getState().moved).toEqual({});
    expect(screen.queryByTestId('edit-banner')).toBeNull();
  });

  it('without drags leaves without asking', () => {
    const confirm = vi.spyOn(window, 'confirm');
    renderEditing();
    leave();
    expect(confirm).not.toHaveBeenCalled();
    expect(useUiStore.getState().isEditMode).toBe(false);
  });
});

describe('saving positions', () => {
  it('a refused Save says why and stays in edit mode with the drags', async () => {
    mockFetch({
      'PUT /api/gateways/map/map-1/GW%3AA': jsonResponse(
        { message: 'You do not have permission to do this' },
        403,
      ),
    });
    renderEditing();
    useGatewaysStore.getState().moveGateway('GW:A', { x: 50, y: 60 });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to update map gateway: your access to this map does not allow this change',
    );
    expect(useUiStore.getState().isEditMode).toBe(true);
    expect(useGatewaysStore.getState().moved).toEqual({ 'GW:A': { x: 50, y: 60 } });
  });
});
