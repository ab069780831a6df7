/**
 * Starting a walk on the map on screen: the tag the installer carries (the map's devices), and
 * the map's unfinished walks to resume one that was interrupted.
 */
import { useEffect, useId, useState } from 'react';
import type { Walk } from '@rtls/contract';
import { fetchWalks } from '../../api/walks.ts';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { SelectField } from '../../ui/fields.tsx';
import { formatDate } from '../../ui/format.ts';
import { entityName, useDevicesStore } from '../devices/devices-store.ts';
import { ModelInForce } from './ModelInForce.tsx';
import { walkFailure } from './walk-errors.ts';
import { WalkErrorText } from './WalkErrorText.tsx';
import { useWalksStore } from './walks-store.ts';

/** The map's devices as tag options, by name: those located on it and the monitored ones. */
export function useTagOptions(mapId: string) {
  const positions = useDevicesStore((s) => s.positions[mapId]);
  const monitored = useDevicesStore((s) => s.monitored);
  const entities = useDevicesStore((s) => s.entities);
  const visitors = useDevicesStore((s) => s.visitors);
  const macs = [...new Set([...Object.keys(positions ?? {}), ...monitored])];
  return macs
    .map((mac) => {
      const d = entities[mac] ?? visitors[mac];
      return { value: mac, label: d ? `${entityName(d)} (${mac})` : mac };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}

export function StartWalk({ mapId }: { mapId: string }) {
  const { t } = useI18n();
  const tags = useTagOptions(mapId);
  const [tag, setTag] = useState('');
  const busy = useWalksStore((s) => s.busy);
  const error = useWalksStore((s) => s.error);
  const chosen = tag || tags[0]?.value || '';
  return (
    <div className="walk-start">
      <p className="muted small">{t('walks.intro')}</p>
      {tags.length === 0 ? (
        <p className="muted small">{t('walks.noTags')}</p>
      ) : (
        <>
          <SelectField
            compact
            name="walk-tag"
            label={t('walks.tag')}
            value={chosen}
            options={tags}
            onChange={setTag}
          />
          <button
            type="button"
            className="button primary"
            disabled={busy || !chosen}
            onClick={() => void useWalksStore.getState().start(mapId, chosen)}
          >
            {t('walks.start')}
          </button>
        </>
      )}
      <WalkErrorText error={error} />
      <UnfinishedWalks mapId={mapId} />
      <ModelInForce mapId={mapId} />
    </div>
  );
}

/** The map's open walks, newest first, each with Resume. */
function UnfinishedWalks({ mapId }: { mapId: string }) {
  const { t, language } = useI18n();
  const headingId = useId();
  const [walks, setWalks] = useState<Walk[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = useWalksStore((s) => s.busy);
  const names = useDevicesStore((s) => s.entities);
  useEffect(() => {
    let live = true;
    fetchWalks(mapId).then(
      (all) => live && setWalks(all.filter((w) => w.status === 'open')),
      (err: unknown) => live && setError(walkFailure(err)),
    );
    return () => {
      live = false;
    };
  }, [mapId]);
  if (error) return <WalkErrorText error={error} />;
  if (!walks || walks.length === 0) return null;
  return (
    <section className="walk-unfinished" aria-labelledby={headingId}>
      <h4 id={headingId} className="small">
        {t('walks.unfinished')}
      </h4>
      <ul data-testid="walk-unfinished">
        {walks.map((w) => {
          const device = names[w.deviceMac];
          const text = t('walks.unfinishedWalk', {
            date: formatDate(w.createdAt, language),
            tag: device ? entityName(device) : w.deviceMac,
            count: w.points.length,
          });
          return (
            <li key={w.id}>
              <span>{text}</span>
              <button
                type="button"
                className="button small"
                disabled={busy}
                aria-label={t('walks.resumeWalk', { walk: text })}
                onClick={() => void useWalksStore.getState().resume(w.id)}
              >
                {t('walks.resume')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
