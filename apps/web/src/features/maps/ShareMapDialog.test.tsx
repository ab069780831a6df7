import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Collaborator } from '@rtls/contract';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMap } from '../../test/fixtures.ts';
import { MapDialogs } from './MapFormModal.tsx';
import { useMapDialogStore } from './map-dialog-store.ts';
import { useMapsStore } from './maps-store.ts';
import { renderWithI18n, seedMaps } from './test-helpers.tsx';
import { restoreStubsAfterEach } from '../../test/render.tsx';

const map = makeMap({ _id: 'm1', name: 'Warehouse', accessLevel: 'owner' });
const ana: Collaborator = {
  userId: 'u-ana',
  role: 'viewer',
  email: 'ana@example.com',
  name: 'Ana',
  slug: 'ana',
  addedAt: '2026-01-01T00:00:00.000Z',
};
const list = (collaborators: Collaborator[]) => jsonResponse({ success: true, collaborators });
const one = (collaborator: Collaborator, status = 200) =>
  jsonResponse({ success: true, collaborator }, status);

beforeEach(() => {
  seedMaps([map]);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
restoreStubsAfterEach();

function open() {
  useMapDialogStore.getState().openShare('m1');
  renderWithI18n(<MapDialogs />);
}

describe('ShareMapDialog', () => {
  it('lists the people with access, the owner first, and says when there is nobody else', async () => {
    mockFetch({ 'GET /api/maps/m1/collaborators': list([]) });
    open();
    expect(screen.getByRole('dialog', { name: "Share 'Warehouse'" })).toBeDefined();
    expect(await screen.findByText('Not shared with anyone yet')).toBeDefined();
    expect(screen.getByText('You')).toBeDefined();
  });

  it('adds a person by e-mail with a role, and changes and removes them', async () => {
    const bob: Collaborator = { ...ana, userId: 'u-bob', name: 'Bob', email: 'bob@example.com' };
    const { calls } = mockFetch({
      'GET /api/maps/m1/collaborators': list([ana]),
      'POST /api/maps/m1/collaborators': one({ ...bob, role: 'editor' }, 201),
      'PUT /api/maps/m1/collaborators/u-ana': one({ ...ana, role: 'editor' }),
      'DELETE /api/maps/m1/collaborators/u-bob': jsonResponse({ success: true }),
    });
    open();
    await screen.findByText('Ana');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'E-mail or user name' }),
      'bob@example.com',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'editor');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('Bob');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      userId: 'bob@example.com',
      role: 'editor',
    });
    expect(
      screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail or user name' }).value,
    ).toBe('');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of Ana' }), 'editor');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ role: 'editor' }),
    );

    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Bob' }));
    expect(confirm).toHaveBeenCalledWith('Remove Bob from this map?');
    await waitFor(() => expect(screen.queryByText('Bob')).toBeNull());
    expect(screen.getAllByTestId('collaborator')).toHaveLength(1);
  });

  it("shows the call's message with the server's reason when adding fails, and keeps the list", async () => {
    mockFetch({
      'GET /api/maps/m1/collaborators': list([ana]),
      'POST /api/maps/m1/collaborators': jsonResponse({ message: 'User not found' }, 404),
    });
    open();
    await screen.findByText('Ana');
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail or user name' }), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to add collaborator: User not found',
    );
    expect(screen.getAllByTestId('collaborator')).toHaveLength(1);
    expect(
      screen.getByRole<HTMLInputElement>('textbox', { name: 'E-mail or user name' }).value,
    ).toBe('nobody');
  });

  it('asks for a name before calling the server', async () => {
    const { calls } = mockFetch({ 'GET /api/maps/m1/collaborators': list([]) });
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter an e-mail or user name');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('says when the list cannot be read', async () => {
    mockFetch({ 'GET /api/maps/m1/collaborators': jsonResponse({ message: 'Forbidden' }, 403) });
    open();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to fetch collaborators: Forbidden',
    );
  });

  it('makes the map public with the update payload', async () => {
    const { calls } = mockFetch({
      'GET /api/maps/m1/collaborators': list([]),
      'PUT /api/maps/m1': jsonResponse({ success: true, map: { ...map, isPublic: true } }),
    });
    open();
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Public map' });
    expect(box.checked).toBe(false);
    await userEvent.click(box);
    await waitFor(() => expect(useMapsStore.getState().entities.m1?.isPublic).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ name: 'Warehouse', isPublic: true });
    expect(box.checked).toBe(true);
  });

  it('closes with Done', async () => {
    mockFetch({ 'GET /api/maps/m1/collaborators': list([]) });
    open();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Done' }));
    expect(useMapDialogStore.getState().dialog).toBeNull();
  });
});
