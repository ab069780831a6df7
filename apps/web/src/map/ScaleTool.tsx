/**
 * The map scale tool: click the two ends of a line of known length on the plan, type its real length
 * in metres, and save settings.pixelsPerMetre on the map (the positioning engine works in metres).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import L from 'leaflet';
import type { Point, TrackingMap } from '@rtls/contract';
import { useI18n } from '../i18n/I18nProvider.tsx';
import { FormActions } from '../ui/FormActions.tsx';
import { toLatLng } from './crs.ts';
import { useLeafletMap } from './map-context.ts';
import { lineLength, pixelsPerMetre } from './scale.ts';

export function ScaleTool({
  map: tracking,
  save: saveScale,
  onDone,
}: {
  map: TrackingMap;
  /** Saves the measured pixels per metre on the map. */
  save: (pixelsPerMetre: number) => Promise<void>;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const map = useLeafletMap();
  const [points, setPoints] = useState<Point[]>([]);
  const [metres, setMetres] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputId = useId();

  useEffect(() => {
    if (!map) return;
    const container = map.getContainer();
    container.classList.add('measuring');
    const onClick = (e: L.LeafletMouseEvent) =>
      setPoints((p) => (p.length >= 2 ? [] : [...p, { x: e.latlng.lng, y: e.latlng.lat }]));
    map.on('click', onClick);
    return () => {
      container.classList.remove('measuring');
      map.off('click', onClick);
    };
  }, [map]);

  useEffect(() => {
    if (!map || points.length === 0) return;
    const layer =
      points.length === 2
        ? L.polyline(points.map(toLatLng), { className: 'scale-line', weight: 3 })
        : L.circleMarker(toLatLng(points[0]!), { className: 'scale-line', radius: 4 });
    layer.addTo(map);
    return () => void layer.remove();
  }, [map, points]);

  const [a, b] = points;
  const px = a && b ? lineLength(a, b) : null;

  async function save(e: FormEvent) {
    e.preventDefault();
    const ppm = a && b ? pixelsPerMetre(a, b, Number(metres)) : null;
    if (ppm === null) return setError(t('map.scale.invalid'));
    setSaving(true);
    try {
      await saveScale(ppm);
      onDone();
    } catch (err) {
      console.error('Failed to update map', err);
      setError((err as Error).message);
      setSaving(false);
    }
  }

  const current = tracking.settings.pixelsPerMetre;
  return (
    <form className="scale-panel" onSubmit={save} data-testid="scale-tool">
      <p className="small">{t('map.scale.hint')}</p>
      <p className="small muted">
        {current ? t('map.scale.current', { value: current.toFixed(2) }) : t('map.scale.unset')}
      </p>
      {px !== null && <p className="small">{t('map.scale.pixels', { value: px.toFixed(1) })}</p>}
      <label className="field" htmlFor={inputId}>
        <span>{t('map.scale.length')}</span>
      </label>
      <input
        id={inputId}
        type="number"
        min="0"
        step="any"
        inputMode="decimal"
        value={metres}
        onChange={(e) => setMetres(e.target.value)}
      />
      {error && (
        <p className="error-text small" role="alert">
          {error}
        </p>
      )}
      <FormActions
        cancel={t('map.scale.cancel')}
        onCancel={onDone}
        submit={t('map.scale.apply')}
        busy={saving}
        ready={!!px}
        cancelAnytime
      />
    </form>
  );
}
