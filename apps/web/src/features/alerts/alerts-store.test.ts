import { beforeEach, describe, expect, it } from 'vitest';
import type { Alert } from '@rtls/contract';
import { deferred, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { restoreStubsAfterEach } from '../../test/render.tsx';
import { makeAlert } from '../../test/zone-fixtures.ts';
import { useAlertsStore } from './alerts-store.ts';

beforeEach(() => {
  useAlertsStore.setState({
    ...useAlertsStore.getInitialState(),
    notify: false,
    criticalSound: false,
    criticalBrowser: false,
  });
});
restoreStubsAfterEach();

/** The lists a load asks for, held until the test answers them. */
function heldLists() {
  const open = deferred<Alert[]>();
  const acknowledged = deferred<Alert[]>();
  mockFetch({
    'GET /api/alerts': async (c) =>
      jsonResponse({
        alerts: await (c.url.includes('state=open') ? open.promise : acknowledged.promise),
      }),
  });
  return { open, acknowledged };
}

const shown = (id: string) => useAlertsStore.getState().entities[id];

describe('alerts store', () => {
  it('keeps a live update that arrived while the lists were on their way, when it is later', async () => {
    useAlertsStore.setState({ entities: { a1: makeAlert({ count: 2 }) } });
    const lists = heldLists();
    const loading = useAlertsStore.getState().load();
    // The server counts a third occurrence after answering with two.
    useAlertsStore.getState().apply([{ action: 'updated', alert: makeAlert({ count: 3 }) }]);
    lists.open.resolve([makeAlert({ count: 2 })]);
    lists.acknowledged.resolve([]);
    await loading;
    expect(shown('a1')?.count).toBe(3);
  });

  it('keeps an alert opened while the lists were on their way, and drops one no longer listed', async () => {
    useAlertsStore.setState({ entities: { gone: makeAlert({ id: 'gone' }) } });
    const lists = heldLists();
    const loading = useAlertsStore.getState().load();
    useAlertsStore.getState().apply([{ action: 'opened', alert: makeAlert({ id: 'new' }) }]);
    lists.open.resolve([]);
    lists.acknowledged.resolve([]);
    await loading;
    expect(shown('new')?.state).toBe('open');
    expect(shown('gone')).toBeUndefined();
  });

  it('takes the lists where they are later: acknowledged elsewhere, or opened again', async () => {
    useAlertsStore.setState({
      entities: {
        a1: makeAlert({ id: 'a1' }),
        a2: makeAlert({ id: 'a2', state: 'resolved', count: 1 }),
      },
    });
    const lists = heldLists();
    const loading = useAlertsStore.getState().load();
    // Live updates of the same versions the lists hold earlier ones of: the later stand.
    useAlertsStore.getState().apply([
      { action: 'updated', alert: makeAlert({ id: 'a1' }) },
      { action: 'updated', alert: makeAlert({ id: 'a2', state: 'resolved', count: 1 }) },
    ]);
    lists.open.resolve([makeAlert({ id: 'a2', count: 2 })]);
    lists.acknowledged.resolve([makeAlert({ id: 'a1', state: 'acknowledged' })]);
    await loading;
    expect(shown('a1')?.state).toBe('acknowledged');
    expect(shown('a2')).toMatchObject({ state: 'open', count: 2 });
  });

  it('does not let an answer to an acknowledgement undo a later repeat', async () => {
    useAlertsStore.setState({ entities: { a1: makeAlert() } });
    const answer = deferred<Response>();
    mockFetch({ 'POST /api/alerts/a1/acknowledge': () => answer.promise });
    const acknowledging = useAlertsStore.getState().acknowledge('a1');
    useAlertsStore
      .getState()
      .apply([{ action: 'updated', alert: makeAlert({ state: 'acknowledged', count: 2 }) }]);
    answer.resolve(jsonResponse({ alert: makeAlert({ state: 'acknowledged', count: 1 }) }));
    await acknowledging;
    expect(shown('a1')).toMatchObject({ state: 'acknowledged', count: 2 });
  });
});
