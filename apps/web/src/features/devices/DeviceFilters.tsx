/**
 * Above the device list: search by name or MAC, the status filter with the count of each class
 * (online / warning / offline), and Follow, which keeps the selected device in view. While live
 * updates are paused, the counts say the time they are as of.
 */
import { LIST_STATUSES, type ListStatus } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { formatClock } from '../../ui/format.ts';
import type { StatusFilter } from './device-filter.ts';
import { useFollowStore } from './follow-store.ts';

interface Props {
  query: string;
  onQuery: (query: string) => void;
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
  counts: Record<ListStatus, number>;
  total: number;
  /** Whether a device is selected (Follow needs one). */
  hasSelection: boolean;
  /** Live updates paused since then (ms): the counts are as of then. */
  pausedSince?: number | null;
}

export function DeviceFilters({
  query,
  onQuery,
  status,
  onStatus,
  counts,
  total,
  hasSelection,
  pausedSince = null,
}: Props) {
  const { t, language } = useI18n();
  const following = useFollowStore((s) => s.following);
  const setFollowing = useFollowStore((s) => s.setFollowing);
  const chip = (value: StatusFilter, label: string, count: number) => (
    <button
      key={value}
      type="button"
      className={`chip status-chip ${value}`}
      aria-pressed={status === value}
      data-testid={`status-filter-${value}`}
      onClick={() => onStatus(value)}
    >
      {label} <span className="chip-count">{count}</span>
    </button>
  );
  return (
    <div className="device-filters">
      <input
        type="search"
        className="device-search"
        aria-label={t('devices.search')}
        placeholder={t('devices.searchPlaceholder')}
        value={query}
        onChange={(e) => onQuery(e.target.value)}
      />
      <div className="status-chips" role="group" aria-label={t('devices.statusFilter')}>
        {chip('all', t('devices.all'), total)}
        {LIST_STATUSES.map((s) => chip(s, t(`devices.status.${s}`), counts[s]))}
      </div>
      {pausedSince !== null && (
        <span className="muted small" data-testid="counts-as-of">
          {t('devices.countsAsOf', { time: formatClock(pausedSince, language) })}
        </span>
      )}
      <button
        type="button"
        className="button follow-button"
        aria-pressed={hasSelection && following}
        disabled={!hasSelection}
        title={t('devices.followHint')}
        onClick={() => setFollowing(!following)}
      >
        {t('devices.follow')}
      </button>
    </div>
  );
}
