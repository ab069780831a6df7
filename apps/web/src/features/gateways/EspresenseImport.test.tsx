import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { EspresenseImport } from './EspresenseImport.tsx';
import { renderTranslated, restoreStubsAfterEach } from '../../test/render.tsx';

const renderImport = () => renderTranslated(<EspresenseImport />);
const yamlFile = (text: string) => new File([text], 'config.yaml', { type: 'application/yaml' });

beforeEach(() => useUiStore.setState({ language: 'en' }));
restoreStubsAfterEach();

describe('ESPresense import', () => {
  it('sends the picked config.yaml, says what it built, and reloads the maps', async () => {
    const { calls } = mockFetch({
      'POST /api/imports/espresense': jsonResponse({
        success: true,
        maps: [
          { _id: 'm1', name: 'First Floor', floor: 'first', gateways: 8 },
          { _id: 'm2', name: 'Second Floor', floor: 'second', gateways: 5 },
        ],
        gateways: [],
        skipped: [],
      }),
      'GET /api/maps': jsonResponse({ success: true, maps: [] }),
      'GET /api/maps/shared': jsonResponse({ success: true, maps: [] }),
      'GET /api/gateways/monitored': jsonResponse({ success: true, gateways: [] }),
    });
    renderImport();
    await userEvent.upload(
      screen.getByLabelText('Import ESPresense config…'),
      yamlFile('floors: []\n'),
    );
    expect(await screen.findByText('Imported 2 maps and 13 gateways')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ config: 'floors: []\n' });
    expect(calls.some((c) => c.url === '/api/maps')).toBe(true);
  });

  it("shows the server's reason when the file is refused", async () => {
    mockFetch({
      'POST /api/imports/espresense': jsonResponse(
        { success: false, message: 'The configuration has no floors' },
        400,
      ),
    });
    renderImport();
    await userEvent.upload(screen.getByLabelText('Import ESPresense config…'), yamlFile('a: 1'));
    expect(
      await screen.findByText(
        'Failed to import the ESPresense configuration: The configuration has no floors',
      ),
    ).toBeTruthy();
  });
});
