import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeGateway, makeMap } from '../../test/fixtures.ts';
import { useGatewaysStore } from '../gateways/gateways-store.ts';
import { renderWithI18n, seedMaps } from '../maps/test-helpers.tsx';
import { PlanSection } from './PlanSection.tsx';
import { usePlanStore } from './plan-store.ts';

function seed(accessLevel: 'owner' | 'viewer') {
  const map = makeMap({ accessLevel });
  seedMaps(accessLevel === 'owner' ? [map] : [], accessLevel === 'owner' ? [] : [map], {
    currentMapId: map._id,
  });
  useGatewaysStore.getState().reset();
  useGatewaysStore.setState({
    entities: {
      A: makeGateway({ mac: 'A', name: 'Ward A', position: { x: 10, y: 10 } }),
      B: makeGateway({ mac: 'B', name: 'Lab', position: { x: 50, y: 10 } }),
    },
  });
  usePlanStore.getState().reset();
}

describe('Plan section', () => {
  beforeEach(() => seed('owner'));

  it('turns the layer on and picks the target by keyboard-reachable controls', async () => {
    renderWithI18n(<PlanSection />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show predicted accuracy' }));
    expect(usePlanStore.getState().visible).toBe(true);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Target (p90)' }), '2');
    expect(usePlanStore.getState().targetM).toBe(2);
  });

  it('lets an owner leave a gateway out and go back to all working', async () => {
    usePlanStore.getState().setVisible(true);
    renderWithI18n(<PlanSection />);
    const whatIf = screen.getByRole('combobox', { name: 'What if this gateway fails' });
    expect([...whatIf.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'All gateways working',
      'Lab',
      'Ward A',
    ]);
    await userEvent.selectOptions(whatIf, 'B');
    expect(usePlanStore.getState().without).toBe('B');
    await userEvent.selectOptions(whatIf, '');
    expect(usePlanStore.getState().without).toBeNull();
  });

  it('states the proposal with its predicted gain', () => {
    const coverage = (share: number, areaM2: number, meanM: number) => ({ share, areaM2, meanM });
    usePlanStore.setState({
      visible: true,
      coverage: coverage(0.4, 800, 6),
      proposal: {
        x: 700,
        y: 380,
        xM: 35,
        yM: 19,
        before: coverage(0.4, 800, 6),
        after: coverage(0.45, 900, 5.5),
      },
    });
    renderWithI18n(<PlanSection />);
    expect(screen.getByTestId('plan-proposal').textContent).toBe(
      'One more gateway at 35, 19 m (the dashed circle) would bring the floor within 5 m from 40 % to 45 % (+100 m²); mean predicted error 6.0 → 5.5 m.',
    );
  });

  it('shows a viewer the layer but not the what-if or the proposal', () => {
    seed('viewer');
    usePlanStore.getState().setVisible(true);
    renderWithI18n(<PlanSection />);
    expect(screen.getByRole('combobox', { name: 'Target (p90)' })).toBeDefined();
    expect(screen.queryByRole('combobox', { name: 'What if this gateway fails' })).toBeNull();
    expect(screen.queryByTestId('plan-proposal')).toBeNull();
  });
});
