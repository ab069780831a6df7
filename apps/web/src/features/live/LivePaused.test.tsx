import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatClock } from '../../ui/format.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { LiveAnnouncer, LivePausedBanner } from './LivePaused.tsx';
import { useLiveStore } from './live-store.ts';
import { renderTranslated } from '../../test/render.tsx';

const renderBoth = () =>
  renderTranslated(
    <>
      <LivePausedBanner />
      <LiveAnnouncer />
    </>,
  );

const PAUSED = Date.now() - 30_000;
const announced = () => screen.getByTestId('live-announcement');

beforeEach(() => {
  useUiStore.setState({ language: 'en' });
  useLiveStore.setState({ staleSince: null });
});
afterEach(() => useLiveStore.setState({ staleSince: null }));

describe('live updates paused', () => {
  it('shows nothing and announces nothing while live', () => {
    renderBoth();
    expect(screen.queryByTestId('live-paused')).toBeNull();
    expect(announced().textContent).toBe('');
    expect(announced().getAttribute('aria-live')).toBe('polite');
  });

  it('says on the map and to screen readers since when positions are shown, then that they resumed', () => {
    renderBoth();
    act(() => useLiveStore.setState({ staleSince: PAUSED }));
    const text = `Live updates paused — showing positions from ${formatClock(PAUSED, 'en')}`;
    expect(screen.getByTestId('live-paused').textContent).toBe(text);
    expect(announced().textContent).toBe(text);
    // A poll moves the time shown forward; the announcement is not repeated.
    act(() => useLiveStore.setState({ staleSince: PAUSED + 5_000 }));
    expect(screen.getByTestId('live-paused').textContent).toContain(
      formatClock(PAUSED + 5_000, 'en'),
    );
    expect(announced().textContent).toBe(text);
    act(() => useLiveStore.setState({ staleSince: null }));
    expect(screen.queryByTestId('live-paused')).toBeNull();
    expect(announced().textContent).toBe('Live updates resumed');
  });

  it('says it in Hebrew', () => {
    useUiStore.setState({ language: 'he' });
    renderBoth();
    act(() => useLiveStore.setState({ staleSince: PAUSED }));
    const text = `העדכונים החיים מושהים — מוצגים המיקומים מהשעה ${formatClock(PAUSED, 'he')}`;
    expect(screen.getByTestId('live-paused').textContent).toBe(text);
    expect(announced().textContent).toBe(text);
    act(() => useLiveStore.setState({ staleSince: null }));
    expect(announced().textContent).toBe('העדכונים החיים חודשו');
  });
});
