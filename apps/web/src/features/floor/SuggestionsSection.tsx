/**
 * "Suggest walls from the plan": the plan's strokes that no wall covers yet become suggestions,
 * drawn dashed on the map and listed here to accept or reject one by one or all at once.
 */
import { useState } from 'react';
import type { TrackingMap } from '@rtls/contract';
import { framePixelsPerMetre } from '@rtls/positioning';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { useSettingsStore } from '../settings/settings-store.ts';
import {
  acceptSuggestions,
  rejectSuggestions,
  setSuggestions,
  type FloorDraft,
} from './floor-draft.ts';
import { distance, wallSegments, type Segment } from './floor-geometry.ts';
import { useFloorStore } from './floor-store.ts';
import { planReader } from './plan-image.ts';
import { wallSuggestions } from './suggest.ts';

/** A segment as "x0 y0 x1 y1" (map pixels), for tests that read the suggestions off the page. */
const segmentText = (s: Segment) => [s.a.x, s.a.y, s.b.x, s.b.y].map((v) => v.toFixed(1)).join(' ');

const change = (step: (d: FloorDraft) => FloorDraft) => useFloorStore.getState().changeDraft(step);

type Status =
  | { kind: 'reading' }
  | { kind: 'noImage' }
  | { kind: 'failed'; error: string }
  | { kind: 'found'; count: number };

/** What can be done with one suggested wall, in the order its buttons stand. */
const VERDICTS = [
  ['accept', acceptSuggestions],
  ['reject', rejectSuggestions],
] as const;

export function SuggestionsSection({ map, draft }: { map: TrackingMap; draft: FloorDraft }) {
  const { t } = useI18n();
  const defaultImage = useSettingsStore((s) => s.saved.defaultImage);
  const [status, setStatus] = useState<Status | null>(null);
  const ppm = framePixelsPerMetre(map);

  const suggest = async () => {
    const read = planReader(map, defaultImage);
    if (!read) return setStatus({ kind: 'noImage' });
    setStatus({ kind: 'reading' });
    const strokes = await useFloorStore.getState().readPlan(read);
    if (!strokes) {
      const plan = useFloorStore.getState().plan;
      return setStatus({ kind: 'failed', error: plan.state === 'failed' ? plan.error : '' });
    }
    let count = 0;
    useFloorStore.getState().changeDraft((d) => {
      const list = wallSuggestions(strokes, wallSegments(d.model), ppm);
      count = list.length;
      return setSuggestions(d, list);
    });
    setStatus({ kind: 'found', count });
  };
  const statusText = !status
    ? null
    : status.kind === 'reading'
      ? t('floor.suggest.reading')
      : status.kind === 'noImage'
        ? t('floor.suggest.noImage')
        : status.kind === 'failed'
          ? t('floor.suggest.failed', { error: status.error })
          : status.count === 0
            ? t('floor.suggest.none')
            : t('floor.suggest.found', { count: status.count });
  const list = draft.suggestions;

  return (
    <div className="floor-suggestions" data-testid="floor-suggestions">
      <button
        type="button"
        className="button"
        onClick={() => void suggest()}
        disabled={status?.kind === 'reading'}
      >
        {t('floor.suggest.button')}
      </button>
      <p className="small" aria-live="polite" data-testid="floor-suggest-status">
        {statusText}
      </p>
      {list.length > 0 && (
        <>
          <div className="floor-actions">
            <button
              type="button"
              className="button"
              onClick={() => change((d) => acceptSuggestions(d))}
            >
              {t('floor.suggest.acceptAll')} ({list.length})
            </button>
            <button
              type="button"
              className="button"
              onClick={() => change((d) => rejectSuggestions(d))}
            >
              {t('floor.suggest.rejectAll')}
            </button>
          </div>
          <ul className="floor-suggestion-list" data-testid="floor-suggestion-list">
            {list.map((s) => {
              const selected =
                draft.selection?.kind === 'suggestion' && draft.selection.id === s.id;
              return (
                <li
                  key={s.id}
                  className={selected ? 'selected' : undefined}
                  data-testid="floor-suggestion"
                  data-segment={segmentText(s)}
                  data-doors={s.doors.map(segmentText).join(';')}
                >
                  <button
                    type="button"
                    className="link-button"
                    aria-label={t('floor.suggest.showItem', { n: s.n })}
                    aria-pressed={selected}
                    onClick={() =>
                      change((d) => ({
                        ...d,
                        tool: 'select',
                        pending: [],
                        selection: { kind: 'suggestion', id: s.id },
                      }))
                    }
                  >
                    {t('floor.suggest.item', {
                      n: s.n,
                      length: (distance(s.a, s.b) / ppm).toFixed(1),
                    })}
                  </button>
                  {VERDICTS.map(([verdict, apply]) => (
                    <button
                      key={verdict}
                      type="button"
                      className="button small"
                      aria-label={t(`floor.suggest.${verdict}Item`, { n: s.n })}
                      onClick={() => change((d) => apply(d, [s.id]))}
                    >
                      {t(`floor.suggest.${verdict}`)}
                    </button>
                  ))}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
