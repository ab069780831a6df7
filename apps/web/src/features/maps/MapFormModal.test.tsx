import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeXhr } from '../../api/fake-xhr.ts';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMap } from '../../test/fixtures.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapDialogStore } from './map-dialog-store.ts';
import { MapDialogs } from './MapFormModal.tsx';
import { useMapsStore } from './maps-store.ts';
import { renderWithI18n, seedMaps } from './test-helpers.tsx';
import { restoreStubsAfterEach } from '../../test/render.tsx';

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
restoreStubsAfterEach();

const png = new File(['png'], 'plan.png', { type: 'image/png' });
const open = () => useMapDialogStore.getState().openCreate();
const dialog = () => screen.queryByRole('dialog');

describe('Create map dialog', () => {
  it('has the fields, the image hint, and focuses Map Name', () => {
    seedMaps([]);
    open();
    renderWithI18n(<MapDialogs />);
    expect(screen.getByRole('dialog', { name: 'Create New Map' })).toBeDefined();
    for (const label of ['Map Name *', 'Description', 'Building Name', 'Floor'])
      expect(screen.getByLabelText(label)).toBeDefined();
    expect(screen.getByText('Supported formats: PNG, JPG, SVG')).toBeDefined();
    expect(document.activeElement).toBe(screen.getByLabelText('Map Name *'));
  });

  it('requires a map name', async () => {
    seedMaps([]);
    const { calls } = mockFetch({});
    open();
    renderWithI18n(<MapDialogs />);
    await userEvent.click(screen.getByRole('button', { name: 'Create Map' }));
    expect(screen.getByRole('alert').textContent).toBe('Map name is required');
    expect(calls).toHaveLength(0);
  });

  it('alerts for a non-image and for an image over 10 MB, in English and Hebrew', async () => {
    seedMaps([]);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    open();
    renderWithI18n(<MapDialogs />);
    const input = screen.getByTestId('image-input');
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] },
    });
    expect(alert).toHaveBeenLastCalledWith('Please select an image file');
    const big = new File([new Uint8Array(10_485_761)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(alert).toHaveBeenLastCalledWith('Image file is too large (max 10MB)');
    expect(screen.queryByTestId('image-preview')).toBeNull();

    useUiStore.setState({ language: 'he' });
    await screen.findByText('צור מפה חדשה', { selector: 'h2' });
    fireEvent.change(screen.getByTestId('image-input'), { target: { files: [big] } });
    expect(alert).toHaveBeenLastCalledWith('קובץ התמונה גדול מדי (מקסימום 10MB)');
  });

  it('takes the first image among several dropped files, previews it and removes it', async () => {
    seedMaps([]);
    open();
    renderWithI18n(<MapDialogs />);
    const jpg = new File(['j'], 'b.jpg', { type: 'image/jpeg' });
    fireEvent.drop(screen.getByTestId('drop-zone'), {
      dataTransfer: { files: [new File(['t'], 'a.txt', { type: 'text/plain' }), jpg, png] },
    });
    expect(await screen.findByTestId('image-preview')).toBeDefined();
    expect(URL.createObjectURL).toHaveBeenCalledWith(jpg);
    await userEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByTestId('image-preview')).toBeNull();
    expect(screen.getByTestId('drop-zone')).toBeDefined();
  });

  it('creates, uploads with the new _id, reloads, selects and closes', async () => {
    seedMaps([]);
    const created = makeMap({ _id: 'new', name: 'Lobby' });
    const { calls } = mockFetch({
      'POST /api/maps': jsonResponse({ success: true, map: created }, 201),
      'GET /api/maps': jsonResponse({ success: true, maps: [created] }),
      'GET /api/maps/shared': jsonResponse({ success: true, maps: [] }),
    });
    const uploads = fakeXhr(() => ({
      status: 200,
      body: { success: true, map: created },
      progress: [40, 100],
    }));
    open();
    renderWithI18n(<MapDialogs />);
    await userEvent.type(screen.getByLabelText('Map Name *'), 'Lobby');
    fireEvent.change(screen.getByTestId('image-input'), { target: { files: [png] } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Map' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.url).toBe('/api/maps/new/upload-image');
    await waitFor(() => expect(dialog()).toBeNull());
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/maps',
      'GET /api/maps',
      'GET /api/maps/shared',
    ]);
    expect(useMapsStore.getState().currentMapId).toBe('new');
  });

  it('shows the upload progress bar while the image uploads', async () => {
    seedMaps([]);
    const created = makeMap({ _id: 'new' });
    mockFetch({ 'POST /api/maps': jsonResponse({ success: true, map: created }, 201) });
    // An upload that reports 40 % and never finishes.
    class SlowXhr {
      upload = { onprogress: null as ((e: Partial<ProgressEvent>) => void) | null };
      open() {}
      setRequestHeader() {}
      send() {
        queueMicrotask(() =>
          this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }),
        );
      }
    }
    vi.stubGlobal('XMLHttpRequest', SlowXhr);
    open();
    renderWithI18n(<MapDialogs />);
    await userEvent.type(screen.getByLabelText('Map Name *'), 'Lobby');
    fireEvent.change(screen.getByTestId('image-input'), { target: { files: [png] } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Map' }));
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('value')).toBe('40');
    expect(screen.getByText('Uploading image… 40%')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Saving…' })).toHaveProperty('disabled', true);
  });

  it('closes on Cancel, Escape and a backdrop click, and opens again with an empty form', async () => {
    seedMaps([]);
    open();
    renderWithI18n(<MapDialogs />);
    await userEvent.type(screen.getByLabelText('Map Name *'), 'Draft');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(dialog()).toBeNull();
    open();
    expect(await screen.findByLabelText('Map Name *')).toHaveProperty('value', '');
    await userEvent.keyboard('{Escape}');
    expect(dialog()).toBeNull();
    open();
    fireEvent.mouseDown(await screen.findByTestId('modal-backdrop'));
    expect(dialog()).toBeNull();
  });

  it('keeps the dialog open with the error when creating fails', async () => {
    seedMaps([]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'POST /api/maps': jsonResponse({ message: 'down' }, 500) });
    open();
    renderWithI18n(<MapDialogs />);
    await userEvent.type(screen.getByLabelText('Map Name *'), 'Lobby');
    await userEvent.click(screen.getByRole('button', { name: 'Create Map' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create map: down');
    expect(dialog()).not.toBeNull();
  });

  it('reopens the created map for editing when only its image upload failed', async () => {
    seedMaps([]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const created = makeMap({ _id: 'new', name: 'Lobby' });
    const { calls } = mockFetch({
      'POST /api/maps': jsonResponse({ success: true, map: created }, 201),
      'GET /api/maps': jsonResponse({ success: true, maps: [created] }),
      'GET /api/maps/shared': jsonResponse({ success: true, maps: [] }),
    });
    fakeXhr(() => ({ status: 400, body: { message: 'The file is not a supported image' } }));
    open();
    renderWithI18n(<MapDialogs />);
    await userEvent.type(screen.getByLabelText('Map Name *'), 'Lobby');
    fireEvent.change(screen.getByTestId('image-input'), { target: { files: [png] } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Map' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Map' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to upload image: The file is not a supported image',
    );
    expect(screen.getByLabelText('Map Name *')).toHaveProperty('value', 'Lobby');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(useMapsStore.getState().currentMapId).toBe('new');
  });

  it('closes an edit dialog whose map has been deleted', async () => {
    seedMaps([makeMap({ _id: 'gone' })]);
    useMapDialogStore.getState().openEdit('gone');
    renderWithI18n(<MapDialogs />);
    expect(dialog()).not.toBeNull();
    act(() => useMapsStore.setState({ entities: {}, userMaps: [] }));
    expect(dialog()).toBeNull();
  });
});

describe('Edit map dialog', () => {
  const map = makeMap({
    _id: 'm1',
    name: 'Ground',
    description: 'Lobby',
    metadata: { buildingName: 'HQ', floor: '0' },
    settings: { backgroundImage: '/uploads/maps/a.png', imageSize: { width: 10, height: 10 } },
  });

  it('is filled from the map and shows the current image with a remove button', () => {
    seedMaps([map]);
    useMapDialogStore.getState().openEdit('m1');
    renderWithI18n(<MapDialogs />);
    expect(screen.getByRole('dialog', { name: 'Edit Map' })).toBeDefined();
    expect(screen.getByLabelText('Map Name *')).toHaveProperty('value', 'Ground');
    expect(screen.getByLabelText('Building Name')).toHaveProperty('value', 'HQ');
    const img = screen.getByRole('img', { name: 'Current background image' });
    expect(img.getAttribute('src')).toBe('/uploads/maps/a.png');
    expect(screen.getByRole('button', { name: 'Remove image' })).toBeDefined();
  });

  it('saves the changes and removes the image when asked', async () => {
    seedMaps([map]);
    const { calls } = mockFetch({
      'PUT /api/maps/m1': jsonResponse({ success: true, map: { ...map, name: 'Renamed' } }),
      'DELETE /api/maps/m1/image': jsonResponse({
        success: true,
        map: { ...map, name: 'Renamed', settings: {} },
      }),
    });
    useMapDialogStore.getState().openEdit('m1');
    renderWithI18n(<MapDialogs />);
    const name = screen.getByLabelText('Map Name *');
    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.getByTestId('drop-zone')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'PUT /api/maps/m1',
      'DELETE /api/maps/m1/image',
    ]);
    expect(useMapsStore.getState().entities.m1?.name).toBe('Renamed');
    expect(useMapsStore.getState().entities.m1?.settings.backgroundImage).toBeUndefined();
  });
});
